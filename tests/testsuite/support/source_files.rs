//! The crate's Rust sources, for tests that read the code itself (`tidy`,
//! `rules_boundary`, `module_cycles`).

use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every path written in a macro's tokens (`a::b::c`, two segments or more),
/// which syn leaves unparsed, with its line; nested groups included.
pub fn macro_paths(tokens: TokenStream) -> Vec<(Vec<String>, usize)> {
    let mut out = Vec::new();
    collect_paths(tokens, &mut out);
    out
}

fn collect_paths(tokens: TokenStream, out: &mut Vec<(Vec<String>, usize)>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => collect_paths(g.stream(), out),
            TokenTree::Ident(id) => {
                let line = id.span().start().line;
                let mut path = vec![id.to_string()];
                while let (
                    Some(TokenTree::Punct(a)),
                    Some(TokenTree::Punct(b)),
                    Some(TokenTree::Ident(next)),
                ) = (trees.get(i + 1), trees.get(i + 2), trees.get(i + 3))
                {
                    if a.as_char() != ':' || b.as_char() != ':' {
                        break;
                    }
                    path.push(next.to_string());
                    i += 3;
                }
                if path.len() > 1 {
                    out.push((path, line));
                }
            }
            _ => {}
        }
        i += 1;
    }
}
