//! A built page made to work from any folder: every site-absolute URL it names (attributes, and the JSON of its scripts) becomes relative to the page, a page's folder URL naming its `index.html`, so the pages work inside an LMS's content folder and from a disk.

/// What a path (relative to the site's root, no `#` or `?`) is in the package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Local {
    /// A file: `en/tiles/index.html`, `css/felt.css`.
    File,
    /// A folder holding files: `en/pagefind/`, `en/tiles/`.
    Folder,
    /// Not in the package.
    Outside,
}

/// Rewrites the quoted site-absolute URLs (`"/en/tiles/"` under base path
/// `/`) of the HTML file at `path` (`en/tiles/index.html`, relative to the
/// site's root) that `local` finds in the package: a file's as it is, a
/// folder's with its `index.html` when it has one (a page), else as a
/// folder (a prefix a script adds to); other quoted text is left as it is.
pub fn relative_urls(
    html: &str,
    path: &str,
    base_path: &str,
    local: &dyn Fn(&str) -> Local,
) -> String {
    let up = "../".repeat(path.matches('/').count());
    let needle = format!("\"{base_path}");
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    let mut rest = html;
    while let Some(at) = rest.find(&needle) {
        let start = at + needle.len();
        out.push_str(&rest[..start - base_path.len()]);
        let tail = &rest[start..];
        let end = tail.find('"').unwrap_or(tail.len());
        let url = &tail[..end];
        if let Some(relative) = is_candidate(url).then(|| target(url, local)).flatten() {
            out.push_str(&up);
            out.push_str(&relative);
        } else {
            out.push_str(base_path);
            out.push_str(url);
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// A site path (not `//host`, no spaces or markup): `en/tiles/#x`, `css/a.css`.
fn is_candidate(url: &str) -> bool {
    !url.starts_with('/') && !url.contains([' ', '<', '>', '\n', '\\'])
}

/// The URL in the package (from its root), or `None` if it is not there:
/// `en/tiles/#x` → `en/tiles/index.html#x`, `en/pagefind/` as it is.
fn target(url: &str, local: &dyn Fn(&str) -> Local) -> Option<String> {
    let split = url.find(['#', '?']).unwrap_or(url.len());
    let (path, rest) = url.split_at(split);
    match local(path) {
        Local::File => Some(url.to_string()),
        Local::Folder if local(&format!("{path}index.html")) == Local::File => {
            Some(format!("{path}index.html{rest}"))
        }
        Local::Folder => Some(url.to_string()),
        Local::Outside => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: &[&str] = &[
        "index.html",
        "en/glossary/index.html",
        "en/charleston/index.html",
        "en/tiles/index.html",
        "en/pagefind/pagefind.js",
        "css/felt.css",
        "tiles/2C.svg",
    ];

    fn local(path: &str) -> Local {
        if FILES.contains(&path) {
            Local::File
        } else if (path.is_empty() || path.ends_with('/'))
            && FILES.iter().any(|f| f.starts_with(path))
        {
            Local::Folder
        } else {
            Local::Outside
        }
    }

    #[test]
    fn site_urls_become_relative_to_the_page() {
        let html = r#"<a href="/en/glossary/">G</a><img src="/tiles/2C.svg"><link href="/css/felt.css"><a href="/en/tiles/#soap">S</a><script type="application/json">{"href":"/en/charleston/#rollor"}</script><a href="/">home</a><div data-index="/en/pagefind/"></div>"#;
        assert_eq!(
            relative_urls(html, "en/charleston/index.html", "/", &local),
            r#"<a href="../../en/glossary/index.html">G</a><img src="../../tiles/2C.svg"><link href="../../css/felt.css"><a href="../../en/tiles/index.html#soap">S</a><script type="application/json">{"href":"../../en/charleston/index.html#rollor"}</script><a href="../../index.html">home</a><div data-index="../../en/pagefind/"></div>"#
        );
    }

    #[test]
    fn other_urls_and_text_are_kept() {
        let html = r#"<a href="https://tilebook.example.org/en/">x</a><a href="//cdn/x">y</a><a href="/de/">de</a><p>"/ and a quote"</p>"#;
        assert_eq!(relative_urls(html, "en/index.html", "/", &local), html);
    }

    #[test]
    fn a_base_path_is_taken_off() {
        let html = r#"<a href="/course/en/tiles/">x</a><a href="/other/">y</a>"#;
        assert_eq!(
            relative_urls(html, "en/index.html", "/course/", &local),
            r#"<a href="../en/tiles/index.html">x</a><a href="/other/">y</a>"#
        );
    }
}
