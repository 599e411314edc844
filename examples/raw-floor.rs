//! The raw floor of the build benchmark: read every Markdown file under a
//! folder, render it with pulldown-cmark (tilebook's dialect, no templates,
//! no link checks) and write one HTML file per page, on a fixed number of
//! threads. tilebook cannot build the same pages faster than this.
//!
//! ```text
//! cargo run --release --example raw-floor -- target/corpus-10000/raw /tmp/raw-out --threads 2
//! ```

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Instant;

use rayon::prelude::*;

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            markdown_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
    Ok(())
}

fn main() -> io::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(src), Some(dst)) = (args.next(), args.next()) else {
        eprintln!("usage: raw-floor SRC_DIR OUT_DIR [--threads N]");
        std::process::exit(2);
    };
    let threads = match (args.next().as_deref(), args.next()) {
        (Some("--threads"), Some(n)) => n.parse().unwrap_or(2),
        _ => 2,
    };
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .map_err(io::Error::other)?;
    let (src, dst) = (PathBuf::from(src), PathBuf::from(dst));
    let start = Instant::now();
    let mut files = Vec::new();
    markdown_files(&src, &mut files)?;
    files.sort();
    if dst.exists() {
        fs::remove_dir_all(&dst)?;
    }
    let bytes: usize = files
        .par_iter()
        .map(|path| -> io::Result<usize> {
            let text = fs::read_to_string(path)?;
            let parser = pulldown_cmark::Parser::new_ext(&text, tilebook::markdown::options());
            let mut html = String::with_capacity(text.len() * 3 / 2);
            pulldown_cmark::html::push_html(&mut html, parser);
            let rel = path.strip_prefix(&src).unwrap_or(path).with_extension("");
            let dir = dst.join(rel);
            fs::create_dir_all(&dir)?;
            fs::write(dir.join("index.html"), &html)?;
            Ok(html.len())
        })
        .sum::<io::Result<usize>>()?;
    println!(
        "raw floor: {} pages, {} KB of HTML, {} threads, {} ms",
        files.len(),
        bytes / 1024,
        threads,
        start.elapsed().as_millis()
    );
    Ok(())
}
