//! Module dependencies have no cycle, and no module glob-imports an
//! ancestor (`use super::*`, outside test code). This test parses every file of
//! `src/` (the library; `main.rs` is another crate) with `syn`, builds the
//! graph of what names what, and fails naming each cycle with the lines
//! that make it.
//!
//! **The rule.** For every module, its child modules form an acyclic
//! graph under "uses": child `a` uses child `b` when code in `a` or below
//! names an item of `b` or below, by a path (`use` trees and paths in
//! code and macro bodies) that starts with `crate`, `super`, `self` or a
//! child module's name. A path is followed through the `use` items of the
//! modules it passes (a name a module imports, or re-exports, is the
//! module it comes from; a glob import too, when the globbed module
//! defines the name), so `use super::Series`, where the parent imports
//! `Series` from a sibling, is a use of that sibling. What a module
//! defines itself is its own: a child naming an item its parent (or any
//! ancestor) defines, and a parent naming its children's items, are not
//! edges (the parent is the place its children meet). Test code
//! (`#[cfg(test)]` items and modules) is left out. Method calls are not
//! followed: a method of a parent's type written in a child (an
//! `impl Site` block in `site::practice`) is the parent's.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use crate::support::source_files;
use proc_macro2::{TokenStream, TokenTree};
use source_files::rust_files;
use syn::visit::Visit;

/// A module, by its path from the crate root (`["site", "extras"]`).
type Module = Vec<String>;

/// What one module defines, imports and names.
#[derive(Default, Debug)]
struct ModuleFacts {
    /// Names of the items it defines.
    items: BTreeSet<String>,
    /// Child modules (declared with `mod`, file or inline).
    children: BTreeSet<String>,
    /// Name → the path it imports (`use a::b as name`), as written.
    imports: HashMap<String, Vec<String>>,
    /// Modules glob-imported (`use a::*`) as written, with where.
    globs: Vec<(Vec<String>, String)>,
    /// Paths it names (relative as written), with where.
    refs: Vec<(Vec<String>, String)>,
}

/// Every module's facts, by module.
#[derive(Default, Debug)]
struct Crate {
    modules: BTreeMap<Module, ModuleFacts>,
}

struct Collector<'a> {
    krate: &'a mut Crate,
    /// The module being read (a file's, then inline `mod`s).
    stack: Vec<Module>,
    file: String,
}

/// `#[cfg(test)]` (or `#[cfg(all(test, …))]`) or `#[test]`.
fn is_test_cfg(attrs: &[syn::Attribute]) -> bool {
    fn idents_of(tokens: TokenStream) -> Vec<String> {
        tokens
            .into_iter()
            .flat_map(|t| match t {
                TokenTree::Ident(i) => vec![i.to_string()],
                TokenTree::Group(g) => idents_of(g.stream()),
                _ => Vec::new(),
            })
            .collect()
    }
    attrs.iter().any(|a| match &a.meta {
        syn::Meta::List(l) => {
            let words = idents_of(l.tokens.clone());
            l.path.is_ident("cfg")
                && words.iter().any(|w| w == "test")
                && !words.iter().any(|w| w == "not" || w == "any")
        }
        syn::Meta::Path(p) => p.is_ident("test"),
        syn::Meta::NameValue(_) => false,
    })
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::ExternCrate(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::ForeignMod(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::TraitAlias(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    let ident = match item {
        syn::Item::Const(i) => &i.ident,
        syn::Item::Enum(i) => &i.ident,
        syn::Item::Fn(i) => &i.sig.ident,
        syn::Item::Macro(i) => i.ident.as_ref()?,
        syn::Item::Static(i) => &i.ident,
        syn::Item::Struct(i) => &i.ident,
        syn::Item::Trait(i) => &i.ident,
        syn::Item::Type(i) => &i.ident,
        syn::Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

impl Collector<'_> {
    fn here(&self) -> &Module {
        self.stack.last().expect("in a module")
    }

    fn facts(&mut self) -> &mut ModuleFacts {
        let here = self.here().clone();
        self.krate.modules.entry(here).or_default()
    }

    fn at(&self, line: usize) -> String {
        format!("{}:{line}", self.file)
    }

    fn reference(&mut self, path: Vec<String>, line: usize) {
        let at = self.at(line);
        self.facts().refs.push((path, at));
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.use_leaf(prefix, &n.ident, &n.ident),
            syn::UseTree::Rename(r) => self.use_leaf(prefix, &r.ident, &r.rename),
            syn::UseTree::Glob(g) => {
                let line = g.star_token.spans[0].start().line;
                self.reference(prefix.clone(), line);
                let glob = (prefix.clone(), self.at(line));
                self.facts().globs.push(glob);
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t);
                }
            }
        }
    }

    /// `use prefix::ident as name` (`name` is `ident` without `as`).
    fn use_leaf(&mut self, prefix: &[String], ident: &syn::Ident, name: &syn::Ident) {
        let mut path = prefix.to_vec();
        // `use a::{self}` imports `a`, under its own name.
        let name = match name == "self" {
            true => prefix.last().cloned().unwrap_or_default(),
            false => name.to_string(),
        };
        if ident != "self" {
            path.push(ident.to_string());
        }
        self.reference(path.clone(), ident.span().start().line);
        self.facts().imports.insert(name, path);
    }

    /// Paths written in a macro's tokens (`a::b::c`), which syn leaves unparsed.
    fn tokens(&mut self, tokens: TokenStream) {
        for (path, line) in source_files::macro_paths(tokens) {
            self.reference(path, line);
        }
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if is_test_cfg(item_attrs(item)) {
            return;
        }
        if let Some(name) = item_name(item) {
            self.facts().items.insert(name);
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let name = m.ident.to_string();
        self.facts().children.insert(name.clone());
        let mut child = self.here().clone();
        child.push(name);
        self.krate.modules.entry(child.clone()).or_default();
        if m.content.is_some() {
            self.stack.push(child);
            syn::visit::visit_item_mod(self, m);
            self.stack.pop();
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &u.tree);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        let line = p
            .segments
            .first()
            .map_or(0, |s| s.ident.span().start().line);
        if segments.len() > 1 {
            self.reference(segments, line);
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.tokens(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }
}

impl Crate {
    /// Reads one file, the module `module`.
    fn add_file(&mut self, module: Module, file: &str, source: &str) {
        let parsed = syn::parse_file(source).unwrap_or_else(|e| panic!("{file}: {e}"));
        self.modules.entry(module.clone()).or_default();
        let mut c = Collector {
            krate: self,
            stack: vec![module],
            file: file.to_string(),
        };
        c.visit_file(&parsed);
    }

    /// Where `path`, written in module `from`, points (from the crate
    /// root): `None` for other crates and local names.
    fn absolute(&self, from: &Module, path: &[String]) -> Option<Vec<String>> {
        let first = path.first()?;
        match first.as_str() {
            "crate" => Some(path[1..].to_vec()),
            "super" => {
                let ups = path.iter().take_while(|s| *s == "super").count();
                let base = from.get(..from.len().checked_sub(ups)?)?;
                Some([base, &path[ups..]].concat())
            }
            "self" => Some([from.as_slice(), &path[1..]].concat()),
            name => {
                let facts = self.modules.get(from)?;
                if facts.children.contains(name) {
                    return Some([from.as_slice(), path].concat());
                }
                // A name imported here (`use crate::output::manifest;`, then
                // `manifest::Digest`), unless it is the import itself.
                let imported = facts.imports.get(name).filter(|_| path.len() > 1)?;
                let base = self.absolute(from, imported)?;
                Some([base.as_slice(), &path[1..]].concat())
            }
        }
    }

    /// The module an absolute path's item comes from, following imports
    /// and re-exports.
    fn resolve(&self, path: &[String], depth: usize) -> Option<Module> {
        let mut n = path.len();
        while n > 0 && !self.modules.contains_key(&path[..n]) {
            n -= 1;
        }
        let (module, rest) = (path[..n].to_vec(), &path[n..]);
        let Some(name) = rest.first() else {
            return Some(module);
        };
        let facts = &self.modules[&module];
        if depth > 16 || facts.items.contains(name) {
            return Some(module);
        }
        if let Some(imported) = facts.imports.get(name)
            && let Some(target) = self.absolute(&module, imported)
        {
            return self.resolve(&[target.as_slice(), &rest[1..]].concat(), depth + 1);
        }
        for (glob, _) in &facts.globs {
            let Some(globbed) = self.absolute(&module, glob) else {
                continue;
            };
            let Some(g) = self.modules.get(&globbed) else {
                continue;
            };
            if g.items.contains(name) || g.imports.contains_key(name) {
                return self.resolve(&[globbed.as_slice(), rest].concat(), depth + 1);
            }
        }
        Some(module)
    }

    /// The edges between sibling modules: (parent, from, to) → where.
    fn sibling_edges(&self) -> BTreeMap<(Module, Module), Vec<String>> {
        let mut edges: BTreeMap<(Module, Module), Vec<String>> = BTreeMap::new();
        for (from, facts) in &self.modules {
            for (path, at) in &facts.refs {
                let Some(abs) = self.absolute(from, path) else {
                    continue;
                };
                let Some(to) = self.resolve(&abs, 0) else {
                    continue;
                };
                let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
                if common == from.len() || common == to.len() {
                    // The same module, an ancestor or a descendant.
                    continue;
                }
                let key = (from[..=common].to_vec(), to[..=common].to_vec());
                edges
                    .entry(key)
                    .or_default()
                    .push(format!("{at}: {}", path.join("::")));
            }
        }
        edges
    }
}

/// Glob imports of an ancestor (`use super::*`): they would hide what a
/// child uses from its siblings through the parent's imports.
fn ancestor_globs(krate: &Crate) -> Vec<String> {
    let mut found = Vec::new();
    for (module, facts) in &krate.modules {
        for (glob, at) in &facts.globs {
            let abs = krate.absolute(module, glob);
            if abs.is_some_and(|a| module.starts_with(&a)) {
                found.push(format!("{at}: use {}::*", glob.join("::")));
            }
        }
    }
    found
}

/// Every cycle of the graph, one per strongly connected component of more
/// than one node, each as a path that returns to its start.
fn cycles(edges: &BTreeMap<(Module, Module), Vec<String>>) -> Vec<Vec<Module>> {
    let mut next: BTreeMap<&Module, Vec<&Module>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        next.entry(a).or_default().push(b);
    }
    let mut found: Vec<Vec<Module>> = Vec::new();
    let mut done: BTreeSet<&Module> = BTreeSet::new();
    for &start in next.keys() {
        if done.contains(start) {
            continue;
        }
        // The shortest path back to `start`, breadth first.
        let mut came_from: BTreeMap<&Module, &Module> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        let mut closed = None;
        while let Some(m) = queue.pop_front() {
            for &n in next.get(m).into_iter().flatten() {
                if n == start {
                    closed = Some(m);
                    break;
                }
                if !came_from.contains_key(n) {
                    came_from.insert(n, m);
                    queue.push_back(n);
                }
            }
            if closed.is_some() {
                break;
            }
        }
        let Some(mut m) = closed else {
            continue;
        };
        let mut between = Vec::new();
        while m != start {
            between.push(m.clone());
            done.insert(m);
            m = came_from[m];
        }
        between.reverse();
        done.insert(start);
        found.push([vec![start.clone()], between, vec![start.clone()]].concat());
    }
    found
}

fn name(m: &Module) -> String {
    m.join("::")
}

/// Each cycle, with the lines that make each of its edges.
fn report(edges: &BTreeMap<(Module, Module), Vec<String>>) -> Vec<String> {
    cycles(edges)
        .iter()
        .map(|cycle| {
            let names: Vec<String> = cycle.iter().map(name).collect();
            let mut text = format!("cycle: {}", names.join(" -> "));
            for pair in cycle.windows(2) {
                let at = &edges[&(pair[0].clone(), pair[1].clone())];
                text.push_str(&format!(
                    "\n  {} -> {}: {}",
                    name(&pair[0]),
                    name(&pair[1]),
                    at[0]
                ));
            }
            text
        })
        .collect()
}

/// The module of a file of `src/`: `lib.rs` the root, `a/mod.rs` and `a.rs` `a`.
fn module_of(src: &Path, file: &Path) -> Module {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The library, read from `src/` (test-only modules and `main.rs` left out).
fn read_crate() -> Crate {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut krate = Crate::default();
    let mut files: Vec<(Module, std::path::PathBuf)> = rust_files(&src)
        .into_iter()
        .filter(|f| f.as_path() != src.join("main.rs"))
        .map(|f| (module_of(&src, &f), f))
        .collect();
    // Parents before children: a test-only module's files are skipped.
    files.sort_by_key(|(m, f)| (m.len(), f.clone()));
    for (module, file) in files {
        let declared = module.len() <= 1 || {
            let parent = module[..module.len() - 1].to_vec();
            (krate.modules.get(&parent))
                .is_some_and(|f| f.children.contains(&module[module.len() - 1]))
        };
        if !declared {
            continue;
        }
        let source = std::fs::read_to_string(&file).expect("readable");
        let shown = file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&file);
        krate.add_file(module, &shown.display().to_string(), &source);
    }
    krate
}

#[test]
fn modules_have_no_cycles() {
    let krate = read_crate();
    assert!(
        krate
            .modules
            .contains_key(&vec!["site".to_string(), "extras".to_string()]),
        "read the crate: {:?}",
        krate.modules.keys().collect::<Vec<_>>()
    );
    let edges = krate.sibling_edges();
    assert!(edges.len() > 50, "found only {} edges", edges.len());
    let found = report(&edges);
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
    let globs = ancestor_globs(&krate);
    assert!(
        globs.is_empty(),
        "glob imports of an ancestor outside test code:\n{}",
        globs.join("\n")
    );
}

/// A crate in memory: (module, source) pairs, parents first.
fn in_memory(files: &[(&str, &str)]) -> Crate {
    let mut krate = Crate::default();
    for (module, source) in files {
        let module: Module = module
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        krate.add_file(module, "mem.rs", source);
    }
    krate
}

fn cycles_in(files: &[(&str, &str)]) -> Vec<String> {
    let edges = in_memory(files).sibling_edges();
    cycles(&edges)
        .iter()
        .map(|c| c.iter().map(name).collect::<Vec<_>>().join(" -> "))
        .collect()
}

#[test]
fn the_checker_finds_cycles_and_only_cycles() {
    // Two siblings naming each other, by `super::` and by `crate::`.
    assert_eq!(
        cycles_in(&[
            ("", "mod site;"),
            ("site", "mod a; mod b; pub struct Site;"),
            ("site::a", "use super::b::B; pub struct A;"),
            ("site::b", "pub struct B; fn f() { crate::site::a::A; }"),
        ]),
        ["site::a -> site::b -> site::a"]
    );
    // Through a third module, and from below a child (`a::deep`).
    assert_eq!(
        cycles_in(&[
            ("", "mod a; mod b; mod c;"),
            ("a", "mod deep; pub struct A;"),
            ("a::deep", "use crate::b::B;"),
            ("b", "pub struct B; use crate::c::C;"),
            ("c", "pub struct C; fn f() { let _ = crate::a::A; }"),
        ]),
        ["a -> b -> c -> a"]
    );
    // A child naming its parent's items, and the parent its children's: no cycle.
    assert_eq!(
        cycles_in(&[
            ("", "mod site;"),
            ("site", "mod a; mod b; pub struct Site; use a::A; use b::B;"),
            ("site::a", "use super::Site; pub struct A;"),
            ("site::b", "use super::Site; use super::a::A; pub struct B;"),
        ]),
        Vec::<String>::new()
    );
    // A parent's import (or re-export) of a sibling's item is that sibling's.
    assert_eq!(
        cycles_in(&[
            ("", "mod site;"),
            ("site", "mod a; mod b; pub use b::B;"),
            ("site::a", "pub struct A; fn f() -> super::B { todo!() }"),
            ("site::b", "pub struct B; use super::a::A;"),
        ]),
        ["site::a -> site::b -> site::a"]
    );
    // ... and so is a name a parent glob-imports from a sibling.
    assert_eq!(
        cycles_in(&[
            ("", "mod site;"),
            ("site", "mod a; mod b; use b::*;"),
            ("site::a", "pub struct A; use super::B;"),
            ("site::b", "pub struct B; use super::a::A;"),
        ]),
        ["site::a -> site::b -> site::a"]
    );
    // A glob import of an ancestor is refused; of a child or in test code, not.
    let globs = |files: &[(&str, &str)]| ancestor_globs(&in_memory(files));
    assert_eq!(
        globs(&[
            ("", "mod a;"),
            ("a", "mod b; mod c; use c::*; pub struct A;"),
            (
                "a::b",
                "use super::*; use crate::a::*; #[cfg(test)] mod tests { use super::*; }"
            ),
            ("a::c", "use super::super::*; pub struct C;"),
        ]),
        [
            "mem.rs:1: use super::*",
            "mem.rs:1: use crate::a::*",
            "mem.rs:1: use super::super::*"
        ]
    );
    // Test code is left out.
    assert_eq!(
        cycles_in(&[
            ("", "mod a; mod b;"),
            (
                "a",
                "pub struct A; #[cfg(test)] mod tests { use crate::b::B; }"
            ),
            ("b", "pub struct B; use crate::a::A;"),
        ]),
        Vec::<String>::new()
    );
}
