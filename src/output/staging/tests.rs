//! Unit tests of the staging folder.

use super::*;

fn files(dir: &Path) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .map(Result::unwrap)
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .to_string();
            let body = match e.file_type().is_dir() {
                true => "/".to_string(),
                false => std::fs::read_to_string(e.path()).unwrap(),
            };
            (rel, body)
        })
        .collect();
    out.sort();
    out
}

fn build(dir: &Path, recycle: Recycle, site: &[(&str, &str)]) -> bool {
    let staging = Staging::open(dir, recycle).unwrap();
    let recycled = staging.recycled;
    for (path, body) in site {
        staging.write(path, body.as_bytes());
    }
    staging.commit().unwrap();
    recycled
}

fn inode(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).unwrap().ino()
}

/// Links are made later, all at once; of a link and a write of one
/// path the later still wins, in the folder and in the records.
#[test]
fn of_a_link_and_a_write_of_one_path_the_later_wins() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, old) = (tmp.path().join("public"), tmp.path().join("old"));
    std::fs::create_dir_all(&old).unwrap();
    std::fs::write(old.join("f"), "linked").unwrap();
    let record = |path: &str| FileRecord {
        path: path.into(),
        len: 6,
        hash: content_hash(b"linked"),
    };
    let staging = Staging::open(&dir, Recycle::No).unwrap();
    staging.link(&old.join("f"), record("link-then-write"), None);
    staging.write("link-then-write", b"written");
    staging.write("write-then-link", b"written");
    staging.link(&old.join("f"), record("write-then-link"), None);
    staging.link(&old.join("f"), record("linked/deep/f"), None);
    let hashes: Vec<(String, String)> = staging
        .records()
        .into_iter()
        .map(|(r, _)| (r.path, r.hash))
        .collect();
    let (written, linked) = (content_hash(b"written"), content_hash(b"linked"));
    assert_eq!(
        hashes,
        [
            ("link-then-write".to_string(), written),
            ("linked/deep/f".to_string(), linked.clone()),
            ("write-then-link".to_string(), linked),
        ]
    );
    staging.commit().unwrap();
    assert_eq!(
        files(&dir),
        [
            (guard::MARKER.to_string(), guard::marker_text()),
            ("link-then-write".into(), "written".into()),
            ("linked".into(), "/".into()),
            ("linked/deep".into(), "/".into()),
            ("linked/deep/f".into(), "linked".into()),
            ("write-then-link".into(), "linked".into()),
        ]
    );
    assert_eq!(inode(&dir.join("linked/deep/f")), inode(&old.join("f")));
}

#[test]
fn a_recycled_build_is_the_cold_build_and_keeps_what_did_not_change() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, cold) = (tmp.path().join("public"), tmp.path().join("cold"));
    let spare = tmp.path().join(".public.spare");
    let first = [
        ("a/index.html", "a1"),
        ("b/index.html", "b1"),
        ("gone/x.html", "x"),
    ];
    assert!(!build(&dir, Recycle::Yes, &first));
    assert!(!spare.exists(), "nothing was swapped out");
    let second = [
        ("a/index.html", "a2"),
        ("b/index.html", "b1"),
        ("gone/x.html", "x"),
    ];
    assert!(!build(&dir, Recycle::Yes, &second));
    assert!(
        spare.join(guard::MARKER).is_file(),
        "the first build is the spare"
    );
    assert_eq!(
        std::fs::read_to_string(spare.join(".gitignore"))
            .unwrap()
            .lines()
            .last(),
        Some("*")
    );
    // The spare holds the first build: "b" unchanged, "a" and "gone"
    // to replace or prune, a folder where a file goes and the reverse.
    let b_before = inode(&spare.join("b/index.html"));
    let third = [
        ("a/index.html", "a3"),
        ("b/index.html", "b1"),
        ("gone", "now a file"),
        ("new/deep/index.html", "n"),
    ];
    std::fs::create_dir_all(spare.join("b/index.html.d")).unwrap();
    assert!(build(&dir, Recycle::Yes, &third));
    assert_eq!(
        inode(&dir.join("b/index.html")),
        b_before,
        "kept, not written"
    );
    build(&cold, Recycle::No, &third);
    assert_eq!(files(&dir), files(&cold));
    // The swapped-out folder is the next spare; a cold build leaves it.
    assert!(spare.join("a/index.html").is_file());
    assert!(!build(&tmp.path().join("other"), Recycle::No, &third));
    assert!(spare.is_dir());
}

#[test]
fn a_link_to_the_output_file_itself_is_kept_and_any_other_replaced() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("public");
    let site = [("same.html", "s"), ("other.html", "o")];
    build(&dir, Recycle::Yes, &site);
    build(&dir, Recycle::Yes, &site);
    // Spare and output hold the same bytes, in different inodes.
    let staging = Staging::open(&dir, Recycle::Yes).unwrap();
    assert!(staging.recycled);
    for (path, _) in site {
        let from = dir.join(path);
        let record = FileRecord {
            path: path.to_string(),
            len: 1,
            hash: String::new(),
        };
        staging.link(&from, record, None);
    }
    staging.commit().unwrap();
    // Linked now: both builds share each file.
    let spare = tmp.path().join(".public.spare");
    for (path, _) in site {
        assert_eq!(inode(&dir.join(path)), inode(&spare.join(path)), "{path}");
    }
    // A later recycled build that links them again keeps them as they are.
    let before = inode(&spare.join("same.html"));
    let staging = Staging::open(&dir, Recycle::Yes).unwrap();
    staging.link(
        &dir.join("same.html"),
        FileRecord {
            path: "same.html".into(),
            len: 1,
            hash: String::new(),
        },
        None,
    );
    staging.write("other.html", b"changed");
    staging.commit().unwrap();
    assert_eq!(inode(&dir.join("same.html")), before);
    assert_eq!(
        files(&dir)
            .iter()
            .map(|(p, _)| p.as_str())
            .collect::<Vec<_>>(),
        [guard::MARKER, "other.html", "same.html"]
    );
}

#[test]
fn a_failed_build_leaves_the_output_and_its_folder_is_the_next_spare() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("public");
    build(&dir, Recycle::Yes, &[("a.html", "1")]);
    let before = files(&dir);
    let staging = Staging::open(&dir, Recycle::Yes).unwrap();
    staging.write("a.html", b"2");
    drop(staging);
    assert_eq!(files(&dir), before);
    let spare = tmp.path().join(".public.spare");
    assert_eq!(std::fs::read_to_string(spare.join("a.html")).unwrap(), "2");
    // A cold build's failure leaves nothing beside the output.
    std::fs::remove_dir_all(&spare).unwrap();
    drop(Staging::open(&dir, Recycle::No).unwrap());
    let names: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn a_spare_that_is_not_tilebooks_is_not_recycled() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("public");
    let spare = tmp.path().join(".public.spare");
    std::fs::create_dir_all(&spare).unwrap();
    std::fs::write(spare.join("mine.txt"), "an author's").unwrap();
    assert!(!build(&dir, Recycle::Yes, &[("a.html", "1")]));
    assert_eq!(
        std::fs::read_to_string(spare.join("mine.txt")).unwrap(),
        "an author's"
    );
}
