//! Tidy: conventions the compiler does not check. Every module of `src/`
//! opens with a `//!` line saying what it owns; every integration test is a
//! module of `tests/testsuite/`.

use std::path::Path;

use crate::support::source_files;
use source_files::rust_files;

#[test]
fn every_module_opens_with_a_doc_line() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&src);
    assert!(files.len() > 40, "found only {} files", files.len());
    let missing: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).expect("readable");
            !text
                .lines()
                .next()
                .is_some_and(|l| l.starts_with("//! ") && l.len() > 8)
        })
        .map(|f| f.strip_prefix(&src).unwrap_or(f).display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "these files do not open with a `//!` line saying what the module owns: {missing:?}"
    );
}

/// Every integration test is a module of this one binary (`autotests =
/// false` in Cargo.toml): a `tests/*.rs` file or a `tests/*/main.rs` other
/// than ours would never run, nor would a file here that `main.rs` does not
/// declare. Each opens with a `//!` line, as the modules of `src/` do.
#[test]
fn integration_tests_are_modules_of_the_testsuite() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut stray = Vec::new();
    for entry in std::fs::read_dir(&tests).expect("tests/") {
        let path = entry.expect("readable entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.extension().is_some_and(|e| e == "rs")
            || (name != "testsuite" && path.join("main.rs").is_file())
        {
            stray.push(format!("tests/{name}"));
        }
    }
    assert!(
        stray.is_empty(),
        "{stray:?} would not run: move each into tests/testsuite/<area>.rs, add \
         `mod <area>;` to tests/testsuite/main.rs and use `crate::support::...` \
         for the helpers (see tests/README.md)"
    );

    let suite = tests.join("testsuite");
    let main = std::fs::read_to_string(suite.join("main.rs")).expect("main.rs");
    let mut undeclared = Vec::new();
    let mut undocumented = Vec::new();
    for file in rust_files(&suite) {
        let text = std::fs::read_to_string(&file).expect("readable");
        let rel = file.strip_prefix(&suite).unwrap().display().to_string();
        if !text.lines().next().is_some_and(|l| l.starts_with("//! ")) {
            undocumented.push(rel.clone());
        }
        let module = file.file_stem().unwrap().to_string_lossy();
        if file.parent() == Some(suite.as_path())
            && module != "main"
            && !main.lines().any(|l| l == format!("mod {module};"))
        {
            undeclared.push(rel);
        }
    }
    assert!(
        undeclared.is_empty(),
        "not declared in tests/testsuite/main.rs, so never compiled: {undeclared:?}"
    );
    assert!(
        undocumented.is_empty(),
        "these test files do not open with a `//!` line saying what they test: {undocumented:?}"
    );
}

/// SHA-256 (FIPS 180-4), for the vendored files' pins.
fn sha256(data: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for chunk in msg.chunks(64) {
        let mut w = [0u32; 64];
        for i in 0..16 {
            w[i] = u32::from_be_bytes(chunk[4 * i..4 * i + 4].try_into().unwrap());
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let mut v = h;
        for i in 0..64 {
            let s1 = v[4].rotate_right(6) ^ v[4].rotate_right(11) ^ v[4].rotate_right(25);
            let ch = (v[4] & v[5]) ^ (!v[4] & v[6]);
            let t1 = v[7]
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = v[0].rotate_right(2) ^ v[0].rotate_right(13) ^ v[0].rotate_right(22);
            let maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
            let t2 = s0.wrapping_add(maj);
            v = [
                t1.wrapping_add(t2),
                v[0],
                v[1],
                v[2],
                v[3].wrapping_add(t1),
                v[4],
                v[5],
                v[6],
            ];
        }
        for (a, b) in h.iter_mut().zip(v) {
            *a = a.wrapping_add(b);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}

/// The vendored FSRS scheduler (`themes/felt/static/js/vendor/ts-fsrs/`) is
/// the file its pin in `themes/felt/README.md` names, byte for byte.
#[test]
fn the_vendored_scheduler_matches_its_pin() {
    assert_eq!(
        sha256(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("themes/felt/README.md")).unwrap();
    let dir = root.join("themes/felt/static/js/vendor/ts-fsrs");
    for file in ["ts-fsrs.umd.js", "LICENSE"] {
        let pinned = readme
            .split(&format!("`{file}` sha256"))
            .nth(1)
            .and_then(|rest| rest.split('`').nth(1))
            .unwrap_or_else(|| panic!("no pin of {file} in themes/felt/README.md"));
        let bytes = std::fs::read(dir.join(file)).unwrap();
        assert_eq!(sha256(&bytes), pinned, "{file}");
    }
    assert!(readme.contains("**5.4.2**"), "the pinned version");
}
