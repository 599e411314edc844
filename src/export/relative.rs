//! A built page made to work from any folder: every site-absolute URL it names (attributes, and the JSON of its scripts) becomes relative to the page, a folder's URL naming its `index.html`, so the pages work inside an LMS's content folder and from a disk.

/// Rewrites the quoted site-absolute URLs (`"/en/tiles/"` under base path
/// `/`) of the HTML file at `path` (`en/tiles/index.html`, relative to the
/// site's root) whose first segment `is_local` (a file or folder of the
/// package; `""` for the site's root, `/`); other quoted text is left as
/// it is.
pub fn relative_urls(
    html: &str,
    path: &str,
    base_path: &str,
    is_local: &dyn Fn(&str) -> bool,
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
        if is_candidate(url) && is_local(first_segment(url)) {
            out.push_str(&up);
            out.push_str(&with_index(url));
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

fn first_segment(url: &str) -> &str {
    let end = url.find(['/', '#', '?']).unwrap_or(url.len());
    &url[..end]
}

/// `en/tiles/#x` → `en/tiles/index.html#x`; a file's URL as it is.
fn with_index(url: &str) -> String {
    let split = url.find(['#', '?']).unwrap_or(url.len());
    let (path, rest) = url.split_at(split);
    if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html{rest}")
    } else {
        url.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(seg: &str) -> bool {
        ["", "en", "css", "js", "tiles", "favicon.svg"].contains(&seg)
    }

    #[test]
    fn site_urls_become_relative_to_the_page() {
        let html = r#"<a href="/en/glossary/">G</a><img src="/tiles/2C.svg"><link href="/css/felt.css"><a href="/en/tiles/#soap">S</a><script type="application/json">{"href":"/en/charleston/#rollor"}</script><a href="/">home</a>"#;
        assert_eq!(
            relative_urls(html, "en/charleston/index.html", "/", &local),
            r#"<a href="../../en/glossary/index.html">G</a><img src="../../tiles/2C.svg"><link href="../../css/felt.css"><a href="../../en/tiles/index.html#soap">S</a><script type="application/json">{"href":"../../en/charleston/index.html#rollor"}</script><a href="../../index.html">home</a>"#
        );
    }

    #[test]
    fn other_urls_and_text_are_kept() {
        let html = r#"<a href="https://tilebook.example.org/en/">x</a><a href="//cdn/x">y</a><a href="/de/">de</a><p>"/ and a quote"</p>"#;
        assert_eq!(relative_urls(html, "en/index.html", "/", &local), html);
    }

    #[test]
    fn a_base_path_is_taken_off() {
        let html = r#"<a href="/course/en/">x</a><a href="/other/">y</a>"#;
        assert_eq!(
            relative_urls(html, "en/index.html", "/course/", &local),
            r#"<a href="../en/index.html">x</a><a href="/other/">y</a>"#
        );
    }
}
