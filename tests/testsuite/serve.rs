//! `tilebook serve` end to end: a real server on a free port over a temp copy
//! of the fixture site.

use crate::support::server;

use std::time::Duration;

use server::{FIXTURE, Serve, open_events, wait_event};

const T: Duration = Duration::from_secs(20);

#[test]
fn edits_reload_errors_overlay_and_fixes_recover() {
    let s = Serve::start(FIXTURE);
    let page = s.get("/en/tiles/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("There are eight."), "{}", page.body);
    assert!(
        page.body.contains("/__tilebook/live.js"),
        "serve injects the live-reload script"
    );

    let events = open_events(s.addr);

    // A body edit: a reload event for that page, and the new text served.
    let tiles = s.read("content/en/tiles.md");
    s.write(
        "content/en/tiles.md",
        &tiles.replace("There are eight.", "There are EIGHT jokers."),
    );
    let reload = wait_event(&events, "reload", T);
    assert_eq!(
        reload.data["paths"],
        serde_json::json!(["/en/tiles/"]),
        "{reload:?}"
    );
    s.wait_for_text("/en/tiles/", "There are EIGHT jokers.", T);
    s.wait_stdout(T, |l| {
        l.contains("content/en/tiles.md changed") && l.contains("ms")
    });

    // An error: overlay payload with path, line, column and message; the
    // last good site is still served; the terminal shows path:line:col.
    let charleston = s.read("content/en/charleston.md");
    s.write(
        "content/en/charleston.md",
        &charleston.replace("title = \"Charleston\"", "title = 3"),
    );
    let error = wait_event(&events, "error", T);
    let errors = error.data["errors"].as_array().unwrap();
    let own = errors
        .iter()
        .find(|e| e["path"] == "content/en/charleston.md")
        .unwrap_or_else(|| panic!("{errors:?}"));
    assert_eq!(
        (own["line"].as_u64(), own["col"].as_u64()),
        (Some(2), Some(9)),
        "{own}"
    );
    assert!(
        own["message"].as_str().unwrap().contains("front matter"),
        "{own}"
    );
    s.wait_stderr(T, |l| {
        l.starts_with("content/en/charleston.md:2:9: error: front matter")
    });
    s.wait_stdout(T, |l| l.contains("still serving the last good site"));
    let still = s.get("/en/charleston/");
    assert_eq!(still.status, 200);
    assert!(still.body.contains("Blind pass"), "{}", still.body);

    // A page opened now gets the overlay at once.
    let late = open_events(s.addr);
    assert_eq!(wait_event(&late, "error", T).data, error.data);

    // The fix clears the overlay by itself.
    s.write(
        "content/en/charleston.md",
        &charleston.replace("Only on the last pass.", "Only on the final pass."),
    );
    wait_event(&events, "ok", T);
    let reload = wait_event(&events, "reload", T);
    assert!(
        reload.data["paths"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == "/en/charleston/"),
        "{reload:?}"
    );
    s.wait_for_text("/en/charleston/", "Only on the final pass.", T);

    // A stylesheet edit swaps stylesheets instead of reloading.
    s.write("static/site.css", "body{color:red}\n");
    let css = wait_event(&events, "css", T);
    assert_eq!(css.data["paths"], serde_json::json!(["/site.css"]));
    s.wait_for_text("/site.css", "color:red", T);

    // A template edit re-renders everything.
    let tpl = s.read("themes/mini/templates/page.html");
    s.write(
        "themes/mini/templates/page.html",
        &tpl.replace("<main>", "<main class=\"edited\">"),
    );
    s.wait_for_text("/en/variants/riichi/", "<main class=\"edited\">", T);
    s.wait_stdout(T, |l| l.contains("full rebuild"));
}

#[test]
fn http_paths_types_and_safety() {
    let s = Serve::start(FIXTURE);
    for (path, ctype) in [
        ("/", "text/html; charset=utf-8"),
        ("/en/", "text/html; charset=utf-8"),
        ("/site.css", "text/css; charset=utf-8"),
        ("/sitemap.xml", "application/xml"),
        ("/robots.txt", "text/plain; charset=utf-8"),
        ("/__tilebook/live.js", "text/javascript; charset=utf-8"),
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.header("Content-Type"), Some(ctype), "{path}");
    }
    let r = s.get("/en");
    assert_eq!((r.status, r.header("Location")), (301, Some("/en/")));
    let r = s.get("/en/variants?x=1");
    assert_eq!(
        (r.status, r.header("Location")),
        (301, Some("/en/variants/?x=1"))
    );

    let r = s.get("/no/such/page/");
    assert_eq!(r.status, 404);
    assert!(
        r.body.contains("404") && r.body.contains("live.js"),
        "{}",
        r.body
    );
    assert_eq!(s.get("/en/tiles/index.html").status, 200);

    // A secret beside the site root must stay unreachable.
    std::fs::write(s.root.parent().unwrap().join("secret.txt"), "SECRET").unwrap();
    for bad in [
        "/../secret.txt",
        "/en/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2e/%2e%2E/etc/passwd",
        "/en/..%2f..%2fsecret.txt",
        "/..%5csecret.txt",
        "/en\\..\\..\\secret.txt",
        "//etc/passwd",
        "/%2fetc/passwd",
        "/C:/Windows/win.ini",
        "http://example.org/etc/passwd",
    ] {
        let r = s.get(bad);
        assert!(r.status == 400 || r.status == 404, "{bad}: {}", r.status);
        assert!(
            !r.body.contains("SECRET") && !r.body.contains("root:"),
            "{bad}"
        );
    }

    // Many concurrent requests.
    let addr = s.addr;
    let threads: Vec<_> = (0..32)
        .map(|i| {
            std::thread::spawn(move || {
                for j in 0..10 {
                    let path = ["/en/tiles/", "/de/", "/site.css", "/en/charleston/"][(i + j) % 4];
                    assert_eq!(server::get(addr, path).status, 200, "{path}");
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}

/// Request paths that try to leave the output (every encoding we know of).
const TRAVERSAL: &str = include_str!("../fixtures/traversal-paths.txt");

#[test]
fn path_traversal_in_every_encoding_and_static_symlinks_stay_inside_the_output() {
    let s = Serve::start(FIXTURE);
    let outside = s.root.parent().unwrap();
    std::fs::write(outside.join("secret.txt"), "TOP-SECRET").unwrap();
    std::fs::create_dir_all(outside.join("secret-dir")).unwrap();
    std::fs::write(outside.join("secret-dir/inner.txt"), "TOP-SECRET").unwrap();
    // Symlinks in static/ pointing outside the site, made while serving.
    let st = s.root.join("static");
    std::os::unix::fs::symlink(outside.join("secret.txt"), st.join("leak.txt")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret-dir"), st.join("leak-dir")).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", st.join("passwd")).unwrap();
    // The rebuild they cause has happened once serve reports it.
    s.wait_stdout(T, |l| l.contains("changed"));

    let abs = outside.join("secret.txt").display().to_string();
    let mut probes: Vec<String> = TRAVERSAL
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    assert!(probes.len() > 30, "the list of paths was read");
    probes.extend([
        "/leak.txt".to_string(),
        "/leak-dir/inner.txt".to_string(),
        "/passwd".to_string(),
        abs.clone(),
        format!("/{}", abs.trim_start_matches('/').replace('/', "%2f")),
        "/\0/../secret.txt".to_string(),
    ]);
    for bad in &probes {
        let r = s.get(bad);
        assert!(r.status == 400 || r.status == 404, "{bad:?}: {}", r.status);
        assert!(
            !r.body.contains("TOP-SECRET") && !r.body.contains("root:"),
            "{bad:?} leaked a file from outside the output"
        );
    }
    // The site itself is still served.
    assert_eq!(s.get("/en/tiles/").status, 200);
}

#[test]
fn port_in_use_is_a_clear_error() {
    let s = Serve::start(FIXTURE);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilebook"))
        .arg("--root")
        .arg(&s.root)
        .args(["serve", "--port", &s.addr.port().to_string()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("127.0.0.1:{}", s.addr.port())),
        "{err}"
    );
    assert!(err.contains("--port"), "{err}");
}

#[test]
fn build_output_never_carries_the_live_reload_script() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilebook"))
        .args(["--root", FIXTURE, "build", "-o"])
        .arg(dir.path().join("public"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files = 0;
    for entry in walk(&dir.path().join("public")) {
        let bytes = std::fs::read(&entry).unwrap();
        files += 1;
        assert!(
            !String::from_utf8_lossy(&bytes).contains("__tilebook"),
            "{} carries serve-only code",
            entry.display()
        );
    }
    assert!(files > 5);
}

/// serve writes its site into `.public.serve/` and nowhere else: the
/// sources are as they were, there is no `public/`, and what it serves is
/// what its folder holds, the live-reload script added on the way out.
#[test]
fn serve_writes_only_its_own_hidden_folder() {
    let s = Serve::start(FIXTURE);
    let page = s.get("/en/");
    assert_eq!(page.status, 200);
    assert!(!s.root.join("public").exists());
    let serve_dir = s.root.join(".public.serve");
    let sources: Vec<_> = walk(&s.root)
        .into_iter()
        .filter(|p| !p.starts_with(&serve_dir))
        .collect();
    assert_eq!(sources.len(), walk(std::path::Path::new(FIXTURE)).len());
    for path in sources {
        let rel = path.strip_prefix(&s.root).unwrap();
        let original = std::fs::read(std::path::Path::new(FIXTURE).join(rel)).unwrap();
        assert!(
            std::fs::read(&path).unwrap() == original,
            "{}",
            rel.display()
        );
    }
    let ignore = std::fs::read_to_string(serve_dir.join(".gitignore")).unwrap();
    assert_eq!(ignore.lines().last(), Some("*"));
    let on_disk = std::fs::read_to_string(serve_dir.join("site/en/index.html")).unwrap();
    assert!(!on_disk.contains(tilebook::serve::LIVE_JS_PATH));
    assert_eq!(
        page.body,
        String::from_utf8(tilebook::serve::inject(on_disk.as_bytes(), 200)).unwrap()
    );
}

/// serve's folder goes through the build's check: one that leads into
/// the sources is refused, and nothing is written there.
#[test]
fn a_serve_folder_inside_the_sources_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("site");
    crate::support::common::copy_dir(std::path::Path::new(FIXTURE), &root);
    std::os::unix::fs::symlink(root.join("static"), root.join(".public.serve")).unwrap();
    let before = walk(&root.join("static"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilebook"))
        .arg("--root")
        .arg(&root)
        .args(["serve", "--port", "0"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(".public.serve/site: error: the output folder lies inside static/"),
        "{err}"
    );
    assert_eq!(walk(&root.join("static")), before);
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}
