//! The `tilebook` command line: build, check and serve a lesson site.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use tilebook::site::{self, BuildOptions, BuildResult};

#[derive(Parser)]
#[command(
    name = "tilebook",
    version,
    about = "Build multilingual lesson sites whose exercises are checked at build time"
)]
struct Cli {
    /// Site root: the folder that holds config.toml
    #[arg(long, global = true, default_value = ".", value_name = "DIR")]
    root: PathBuf,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Build the site into the output folder (default: <root>/public)
    Build(BuildArgs),
    /// Check everything `build` checks, without writing anything
    Check(CommonArgs),
    /// Serve the site locally, rebuilding and reloading on every save
    Serve(ServeArgs),
}

#[derive(Args)]
struct CommonArgs {
    /// Include pages marked `draft = true`
    #[arg(long)]
    drafts: bool,
    /// Override base_url from config.toml
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
}

#[derive(Args)]
struct BuildArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Where to write the site (default: <root>/public)
    #[arg(long, short = 'o', value_name = "DIR")]
    output_dir: Option<PathBuf>,
}

#[derive(Args)]
struct ServeArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Address to listen on
    #[arg(long, default_value = "127.0.0.1")]
    bind: String,
    /// Port to listen on
    #[arg(long, default_value_t = 1111)]
    port: u16,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Build(args) => build(&cli.root, args),
        Command::Check(args) => check(&cli.root, args),
        Command::Serve(args) => serve(&cli.root, args),
    }
}

fn options(root: &std::path::Path, common: &CommonArgs) -> BuildOptions {
    BuildOptions {
        root: root.to_path_buf(),
        drafts: common.drafts,
        base_url: common.base_url.clone(),
    }
}

/// Prints diagnostics and the missing-translation summary; true when there were errors.
fn report(result: &mut BuildResult) -> bool {
    eprint!("{}", result.render_diagnostics());
    for m in &result.missing_translations {
        eprintln!(
            "translations: {} lacks {} page(s): {}",
            m.lang,
            m.pages.len(),
            m.pages.join(", ")
        );
    }
    result.diagnostics.has_errors()
}

fn build(root: &std::path::Path, args: BuildArgs) -> ExitCode {
    let mut result = site::build(&options(root, &args.common));
    let failed = report(&mut result);
    let out_dir = args.output_dir.unwrap_or_else(|| root.join("public"));
    let Some(output) = result.output.as_ref().filter(|_| !failed) else {
        eprintln!(
            "error: build failed with {} error(s); {} left untouched",
            result.diagnostics.error_count(),
            out_dir.display()
        );
        return ExitCode::FAILURE;
    };
    if let Err(e) = tilebook::output::write_atomically(output, &out_dir) {
        eprintln!("{}: error: cannot write the site: {e}", out_dir.display());
        return ExitCode::FAILURE;
    }
    let s = &result.stats;
    println!(
        "built {} pages in {} languages ({} exercises, {} files) into {} in {} ms, {} warning(s)",
        s.pages,
        s.languages,
        s.exercises,
        s.files,
        out_dir.display(),
        s.elapsed.as_millis(),
        result.diagnostics.warning_count()
    );
    ExitCode::SUCCESS
}

fn check(root: &std::path::Path, args: CommonArgs) -> ExitCode {
    let mut result = site::build(&options(root, &args));
    if report(&mut result) {
        eprintln!("error: {} error(s)", result.diagnostics.error_count());
        return ExitCode::FAILURE;
    }
    let s = &result.stats;
    println!(
        "checked {} pages in {} languages ({} exercises): no errors, {} warning(s)",
        s.pages,
        s.languages,
        s.exercises,
        result.diagnostics.warning_count()
    );
    ExitCode::SUCCESS
}

fn serve(root: &std::path::Path, args: ServeArgs) -> ExitCode {
    let opts = tilebook::serve::ServeOptions {
        bind: args.bind,
        port: args.port,
        drafts: args.common.drafts,
        base_url: args.common.base_url,
        ..tilebook::serve::ServeOptions::new(root)
    };
    match tilebook::serve::run(&opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
