//! Module boundary: the rules module is pure code. This test parses every
//! file of `src/rules/**` with `syn` and fails on any path (in `use` trees,
//! expressions, types, patterns, attributes and macro bodies) into the file
//! system, I/O, network, processes, the environment or threads, into any
//! dependency of the crate (Tera, pulldown-cmark, …), or out of `rules`
//! into the rest of the crate (`crate::x`, or `super` above `rules`); and on
//! printing or file-including macros.

use std::path::Path;

use crate::support::source_files;
use source_files::rust_files;

use proc_macro2::TokenStream;
use syn::visit::Visit;

/// `std`/`core`/`alloc` modules the rules may not use.
const IMPURE_STD: &[&str] = &["fs", "io", "net", "process", "env", "thread", "time"];
/// Macros that do I/O or read files or the environment at compile time.
const IMPURE_MACROS: &[&str] = &[
    "include_str",
    "include_bytes",
    "include",
    "env",
    "option_env",
    "println",
    "eprintln",
    "print",
    "eprint",
    "dbg",
];

/// The crate's `[dependencies]`, as they are named in paths.
fn dependencies() -> Vec<String> {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("Cargo.toml");
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && let Some((name, _)) = line.split_once('=') {
            names.push(name.trim().replace('-', "_"));
        }
    }
    names
}

/// One forbidden path or macro, with the line it is on.
#[derive(Debug, PartialEq, Eq)]
struct Violation {
    line: usize,
    what: String,
}

struct Checker<'a> {
    /// Module depth below `rules` (`rules` itself is 0).
    depth: usize,
    deps: &'a [String],
    found: Vec<Violation>,
}

impl Checker<'_> {
    fn check(&mut self, segments: &[String], line: usize) {
        let Some(first) = segments.first() else {
            return;
        };
        let why = match first.as_str() {
            "std" | "core" | "alloc" => segments
                .get(1)
                .filter(|m| IMPURE_STD.contains(&m.as_str()))
                .map(|m| format!("{first}::{m}")),
            // `pub(crate)` names the crate, not a way into it.
            "crate" if segments.len() == 1 => None,
            "crate" => {
                (segments.get(1).map(String::as_str) != Some("rules")).then(|| segments.join("::"))
            }
            "super" => {
                let ups = segments.iter().take_while(|s| *s == "super").count();
                (ups > self.depth).then(|| format!("{} (leaves rules)", segments.join("::")))
            }
            "self" | "Self" => None,
            dep if self.deps.iter().any(|d| d == dep) => Some(segments.join("::")),
            _ => None,
        };
        if let Some(what) = why {
            self.found.push(Violation { line, what });
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.use_leaf(prefix, n.ident.to_string(), &n.ident),
            syn::UseTree::Rename(r) => self.use_leaf(prefix, r.ident.to_string(), &r.ident),
            syn::UseTree::Glob(_) => {
                let line = prefix_line(tree);
                self.check(prefix, line);
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t);
                }
            }
        }
    }

    fn use_leaf(&mut self, prefix: &[String], name: String, ident: &syn::Ident) {
        let mut path = prefix.to_vec();
        if name != "self" {
            path.push(name);
        }
        self.check(&path, ident.span().start().line);
    }

    /// Paths written in a macro's tokens (`a::b::c`), which syn leaves unparsed.
    fn tokens(&mut self, tokens: TokenStream) {
        for (path, line) in source_files::macro_paths(tokens) {
            self.check(&path, line);
        }
    }
}

fn prefix_line(tree: &syn::UseTree) -> usize {
    match tree {
        syn::UseTree::Glob(g) => g.star_token.spans[0].start().line,
        _ => 0,
    }
}

impl<'ast> Visit<'ast> for Checker<'_> {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &u.tree);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        let line = p
            .segments
            .first()
            .map_or(0, |s| s.ident.span().start().line);
        self.check(&segments, line);
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        if let Some(name) = m.path.segments.last().map(|s| s.ident.to_string())
            && IMPURE_MACROS.contains(&name.as_str())
        {
            let line = m.path.segments[0].ident.span().start().line;
            self.found.push(Violation {
                line,
                what: format!("{name}!"),
            });
        }
        self.tokens(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.depth += 1;
        syn::visit::visit_item_mod(self, m);
        self.depth -= 1;
    }
}

/// The violations in `source`, a file at `depth` below `rules`.
fn violations(source: &str, depth: usize, deps: &[String]) -> Vec<Violation> {
    let file = syn::parse_file(source).expect("rules source parses");
    let mut checker = Checker {
        depth,
        deps,
        found: Vec::new(),
    };
    checker.visit_file(&file);
    checker.found
}

/// Depth of a file's module below `rules`: `rules/mod.rs` 0, `rules/x.rs`
/// and `rules/x/mod.rs` 1, `rules/x/y.rs` 2.
fn depth(rules: &Path, file: &Path) -> usize {
    let rel = file.strip_prefix(rules).expect("under src/rules");
    let parts = rel.components().count();
    if file.file_name().is_some_and(|n| n == "mod.rs") {
        parts - 1
    } else {
        parts
    }
}

#[test]
fn rules_module_is_pure() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let deps = dependencies();
    assert!(deps.iter().any(|d| d == "tera"), "{deps:?}");
    let files = rust_files(&rules);
    assert!(files.len() >= 10, "found only {files:?}");
    let mut problems = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("readable");
        for v in violations(&source, depth(&rules, file), &deps) {
            problems.push(format!("{}:{}: {}", file.display(), v.line, v.what));
        }
    }
    assert!(
        problems.is_empty(),
        "rules is not pure:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_sees_every_way_out() {
    let deps = dependencies();
    let found = |src: &str, depth: usize| -> Vec<String> {
        violations(src, depth, &deps)
            .into_iter()
            .map(|v| v.what)
            .collect()
    };
    assert_eq!(found("use std::{fs, io};", 1), ["std::fs", "std::io"]);
    assert_eq!(
        found("use std::{collections::HashMap, fmt};", 1),
        Vec::<String>::new()
    );
    assert_eq!(
        found("use std::io::{self, Read};", 1),
        ["std::io", "std::io"]
    );
    assert_eq!(
        found("fn f() { let _ = std::fs::read(\"x\"); }", 1),
        ["std::fs"]
    );
    assert_eq!(
        found("fn f() -> tera::Context { todo!() }", 1),
        ["tera::Context"]
    );
    assert_eq!(found("use pulldown_cmark as md;", 1), ["pulldown_cmark"]);
    assert_eq!(found("use crate::site::Site;", 1), ["crate::site::Site"]);
    assert_eq!(
        found("use crate::rules::tile::Tile;", 1),
        Vec::<String>::new()
    );
    assert_eq!(found("use super::tile::Tile;", 1), Vec::<String>::new());
    assert_eq!(found("pub(crate) fn f() {}", 1), Vec::<String>::new());
    assert_eq!(
        found("use super::super::site;", 1),
        ["super::super::site (leaves rules)"]
    );
    assert_eq!(
        found("mod tests { use super::super::tile; }", 1),
        Vec::<String>::new()
    );
    assert_eq!(
        found(
            "fn f() { let _ = format!(\"{:?}\", std::env::var(\"X\")); }",
            1
        ),
        ["std::env"]
    );
    assert_eq!(found("fn f() { println!(\"hi\"); }", 1), ["println!"]);
    assert_eq!(
        found("const S: &str = include_str!(\"x\");", 1),
        ["include_str!"]
    );
}
