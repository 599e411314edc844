//! The `tilebook` command line: build, check and serve a lesson site.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use tilebook::site::{self, BuildOptions, BuildResult};
use tilebook::translations;

// Builds allocate many short-lived strings on every thread; mimalloc does
// that markedly faster than the system allocator (see docs/benchmarks.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    Check(CheckArgs),
    /// Serve the site locally, rebuilding and reloading on every save
    Serve(ServeArgs),
    /// Show which pages, UI strings and glossary terms each language lacks or has out of date
    Translations(TranslationsArgs),
    /// Add a language: config entry, content folder with pages to translate, strings and glossary files
    NewLanguage(NewLanguageArgs),
    /// Export the course for a learning platform: question banks (QTI 1.2, Moodle XML) or a SCORM 1.2 package
    #[command(subcommand)]
    Export(ExportCommand),
}

#[derive(Args)]
struct TranslationsArgs {
    /// Output format of the status report
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(subcommand)]
    action: Option<TranslationsAction>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// The formats `translations export` writes.
#[derive(Clone, Copy, clap::ValueEnum)]
enum ExchangeFormat {
    /// GNU gettext PO, one file per page
    Po,
}

#[derive(Subcommand)]
enum TranslationsAction {
    /// Record that translations are up to date with their default-language source
    Mark {
        /// Translated pages or glossary files to mark, e.g. content/de/tiles.md glossary/de.toml
        #[arg(required_unless_present = "lang")]
        paths: Vec<PathBuf>,
        /// Mark every translated page and glossary term of this language instead
        #[arg(long, conflicts_with = "paths")]
        lang: Option<String>,
        /// Mark a page even though its text is still the source's (it reads the same in both languages)
        #[arg(long)]
        same: bool,
    },
    /// Show what changed in a translation's source since the translation was marked, paragraph by paragraph
    Diff {
        /// The translated page, e.g. content/de/tiles.md
        path: PathBuf,
        /// Output format
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Write a language's pages as PO files (one per page) for PO editors such as Poedit or Weblate
    Export {
        /// The language to export, e.g. de
        #[arg(long)]
        lang: String,
        /// Exchange format
        #[arg(long, value_enum, default_value_t = ExchangeFormat::Po)]
        format: ExchangeFormat,
        /// Folder for the files (default: <root>/po/<lang>)
        #[arg(long, short = 'o', value_name = "DIR")]
        output_dir: Option<PathBuf>,
    },
    /// Write the translations of PO files back into their pages
    Import {
        /// PO files made by `translations export`, e.g. po/de/tiles.po
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Copy into translations the exercise blocks their source has and they lack
    Sync {
        /// Translated pages to bring up to date, e.g. content/de/tiles.md
        #[arg(required_unless_present = "lang")]
        paths: Vec<PathBuf>,
        /// Every page of this language instead
        #[arg(long, conflicts_with = "paths")]
        lang: Option<String>,
    },
}

#[derive(Args)]
struct NewLanguageArgs {
    /// Language code, e.g. es or pt-BR
    code: String,
    /// Name of the language in that language, e.g. Español
    #[arg(long)]
    name: String,
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
    /// Print where the time went: each phase, CPU time, and exercise code
    #[arg(long)]
    timings: bool,
    /// Replace an output folder that tilebook did not write (never one that holds or lies in the sources)
    #[arg(long)]
    force: bool,
    /// Make every file again instead of reusing the previous build's unchanged ones (the result is the same)
    #[arg(long)]
    no_reuse: bool,
}

#[derive(Args)]
struct CheckArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Print where the time went: each phase, CPU time, and exercise code
    #[arg(long)]
    timings: bool,
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
    /// Print where each rebuild's time went, step by step
    #[arg(long)]
    timings: bool,
}

fn main() -> ExitCode {
    disable_transparent_huge_pages();
    let cli = Cli::parse();
    match cli.command {
        Command::Build(args) => build(&cli.root, args),
        Command::Check(args) => check(&cli.root, args),
        Command::Serve(args) => serve(&cli.root, args),
        Command::Translations(args) => translations(&cli.root, args),
        Command::NewLanguage(args) => new_language(&cli.root, args),
        Command::Export(ExportCommand::Questions(args)) => export_questions(&cli.root, args),
        Command::Export(ExportCommand::Scorm(args)) => export_scorm(&cli.root, args),
    }
}

/// mimalloc asks for transparent huge pages; for a build, which allocates a
/// lot once and exits, they only add page zeroing and resident memory
/// (measured: about a fifth more peak memory, no speed gained).
fn disable_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes integer arguments and only sets a
    // flag of this process; a failure (old kernel) is harmless and ignored.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
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
    for note in &result.notes {
        eprintln!("note: {note}");
    }
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
    let out_dir = args.output_dir.unwrap_or_else(|| root.join("public"));
    // Before anything is built or written: a refusal leaves every byte as it was.
    if let Err(refusal) = tilebook::output::guard::check_target(&out_dir, root, args.force) {
        eprintln!("{refusal}");
        return ExitCode::FAILURE;
    }
    // Pages are written into a staging folder as they render; it replaces
    // the output folder only when the build has no errors.
    // Files of the previous build whose inputs are unchanged are linked, not made again.
    let write = site::WriteOptions {
        reuse: !args.no_reuse,
    };
    let (mut result, written) = site::build_into(&options(root, &args.common), &out_dir, write);
    if report(&mut result) {
        eprintln!(
            "error: build failed with {} error(s); {} left untouched",
            result.diagnostics.error_count(),
            out_dir.display()
        );
        return ExitCode::FAILURE;
    }
    if let Err(e) = written {
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
    if args.timings {
        print_timings(s, true);
        println!(
            "reused: {} of {} pages from the previous build",
            s.reused, s.pages
        );
    }
    ExitCode::SUCCESS
}

/// `--timings`: wall time per phase, the process's CPU time, and the share
/// of it spent in exercise code.
fn print_timings(s: &site::Stats, wrote: bool) {
    let t = &s.timings;
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    let mut phases = vec![
        ("load", t.load),
        ("render", t.render),
        ("checks", t.checks),
        ("extras", t.extras),
        ("late", t.late),
    ];
    if wrote {
        phases.insert(1, ("keys", t.keys));
        phases.push(("manifest", t.manifest));
        phases.push(("write", t.write));
    }
    let total: std::time::Duration = s.elapsed;
    let list: Vec<String> = phases
        .iter()
        .map(|(name, d)| format!("{name} {:.0} ms", ms(*d)))
        .collect();
    println!("timings: {}; total {:.0} ms", list.join(", "), ms(total));
    let (user, sys) = cpu_time();
    let cpu = user + sys;
    println!(
        "cpu: {:.0} ms (user {:.0} ms, sys {:.0} ms) on {} threads",
        ms(cpu),
        ms(user),
        ms(sys),
        rayon::current_num_threads()
    );
    let share = |d: std::time::Duration| 100.0 * d.as_secs_f64() / cpu.as_secs_f64().max(1e-9);
    let ex = &t.exercises;
    println!(
        "exercises: {} validated in {:.0} ms ({:.1}% of the cpu time), their HTML written in {:.0} ms ({:.1}%)",
        s.exercises,
        ms(ex.validating),
        share(ex.validating),
        ms(ex.writing),
        share(ex.writing),
    );
}

/// User and system CPU time of this process so far.
fn cpu_time() -> (std::time::Duration, std::time::Duration) {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let time = |t: libc::timeval| {
        std::time::Duration::from_secs(t.tv_sec as u64)
            + std::time::Duration::from_micros(t.tv_usec as u64)
    };
    (time(usage.ru_utime), time(usage.ru_stime))
}

fn check(root: &std::path::Path, args: CheckArgs) -> ExitCode {
    let mut result = site::check(&options(root, &args.common));
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
    if args.timings {
        print_timings(s, false);
    }
    ExitCode::SUCCESS
}

fn serve(root: &std::path::Path, args: ServeArgs) -> ExitCode {
    let opts = tilebook::serve::ServeOptions {
        bind: args.bind,
        port: args.port,
        drafts: args.common.drafts,
        base_url: args.common.base_url,
        timings: args.timings,
        ..tilebook::serve::ServeOptions::new(root)
    };
    match tilebook::serve::run(&opts) {
        Ok(()) => ExitCode::SUCCESS,
        // `path: error: …`, as the build's own refusals.
        Err(e @ tilebook::serve::ServeError::Folder(_)) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Loads the site for the translation commands; prints errors that prevent it.
fn load_site(root: &std::path::Path) -> Option<site::Site> {
    let (site, diags, mut sources) = site::load(&BuildOptions {
        root: root.to_path_buf(),
        ..BuildOptions::default()
    });
    if site.is_none() {
        eprint!("{}", diags.render(&mut sources));
    }
    site
}

fn translations(root: &std::path::Path, args: TranslationsArgs) -> ExitCode {
    let Some(site) = load_site(root) else {
        return ExitCode::FAILURE;
    };
    match args.action {
        Some(TranslationsAction::Mark { paths, lang, same }) => {
            return exit(tilebook::commands::mark(root, &site, paths, lang, same));
        }
        Some(TranslationsAction::Sync { paths, lang }) => {
            return exit(tilebook::commands::sync(root, &site, paths, lang));
        }
        Some(TranslationsAction::Export {
            lang,
            format: ExchangeFormat::Po,
            output_dir,
        }) => {
            return exit(tilebook::po_commands::export_po(
                root, &site, &lang, output_dir,
            ));
        }
        Some(TranslationsAction::Import { files }) => {
            return exit(tilebook::po_commands::import_po(root, &site, &files));
        }
        Some(TranslationsAction::Diff { path, format }) => {
            let json = matches!(format, Format::Json);
            return exit(tilebook::commands::diff(root, &site, &path, json));
        }
        None => {}
    }
    let mut status =
        translations::status(&site.config, &site.content, &site.strings, &site.glossary);
    translations::add_terminology(&mut status, &site.terminology());
    translations::add_exercise_gaps(&mut status, &site.config, &site.content);
    match args.format {
        Format::Json => match serde_json::to_string_pretty(&status) {
            Ok(json) => println!("{json}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        },
        Format::Text => print!("{}", translations::format_text(&status)),
    }
    ExitCode::SUCCESS
}

fn new_language(root: &std::path::Path, args: NewLanguageArgs) -> ExitCode {
    let Some(site) = load_site(root) else {
        return ExitCode::FAILURE;
    };
    exit(tilebook::commands::new_language(
        root, &site, &args.code, &args.name,
    ))
}

/// Success or failure.
fn exit(ok: bool) -> ExitCode {
    match ok {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}

#[derive(Subcommand)]
enum ExportCommand {
    /// A question bank per language: authored exercises as items, generated ones as groups of variants
    Questions(QuestionsArgs),
    /// A SCORM 1.2 package of one language: a SCO per lesson, scores and progress reported to the LMS
    Scorm(ScormArgs),
}

#[derive(Args)]
struct ScormArgs {
    /// The language to package (default: the site's default language)
    #[arg(long, value_name = "L")]
    lang: Option<String>,
    /// The package to write (.zip)
    #[arg(long, short = 'o', value_name = "FILE")]
    output: PathBuf,
    /// Replace the file if it exists
    #[arg(long)]
    force: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum QuestionFormatArg {
    /// IMS QTI 1.2 content package (zip): Canvas, Blackboard, D2L
    Qti12,
    /// Moodle XML (one file, tile images inside)
    MoodleXml,
}

#[derive(Args)]
struct QuestionsArgs {
    #[arg(long, value_enum)]
    format: QuestionFormatArg,
    /// Only this language (repeatable; default: every language, one bank each)
    #[arg(long = "lang", value_name = "L")]
    langs: Vec<String>,
    /// Variants per generated exercise block
    #[arg(long, default_value_t = tilebook::export::DEFAULT_VARIANTS as u16, value_parser = clap::value_parser!(u16).range(1..=200))]
    variants: u16,
    /// The file to write
    #[arg(long, short = 'o', value_name = "FILE")]
    output: PathBuf,
    /// Replace the file if it exists
    #[arg(long)]
    force: bool,
}

fn export_questions(root: &std::path::Path, args: QuestionsArgs) -> ExitCode {
    use tilebook::export::{self, QuestionFormat};
    use tilebook::output::file;
    // Before anything is read: a refusal writes nothing.
    if let Err(e) = file::check_new(&args.output, args.force) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    let (site, diags, mut sources) = site::load(&BuildOptions {
        root: root.to_path_buf(),
        ..BuildOptions::default()
    });
    let Some(site) = site.filter(|_| !diags.has_errors()) else {
        eprint!("{}", diags.render(&mut sources));
        return ExitCode::FAILURE;
    };
    let format = match args.format {
        QuestionFormatArg::Qti12 => QuestionFormat::Qti12,
        QuestionFormatArg::MoodleXml => QuestionFormat::MoodleXml,
    };
    let opts = export::BankOptions {
        langs: args.langs,
        variants: usize::from(args.variants),
    };
    let exported = match export::questions(&site, format, &opts) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot make the package: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut found = tilebook::diagnostics::Diagnostics::new();
    found.extend(exported.diagnostics);
    eprint!("{}", found.render(&mut sources));
    if found.has_errors() {
        eprintln!("error: nothing written");
        return ExitCode::FAILURE;
    }
    if let Err(e) = file::write_new(&args.output, &exported.bytes, args.force) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    println!(
        "exported {} item(s) ({} group(s) of variants) in {} bank(s) to {} ({} bytes), {} left out",
        exported.items,
        exported.groups,
        exported.banks,
        args.output.display(),
        exported.bytes.len(),
        found.warning_count()
    );
    ExitCode::SUCCESS
}

fn export_scorm(root: &std::path::Path, args: ScormArgs) -> ExitCode {
    use tilebook::output::file;
    if let Err(e) = file::check_new(&args.output, args.force) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    let opts = BuildOptions {
        root: root.to_path_buf(),
        ..BuildOptions::default()
    };
    // The site, built in memory as `build` would write it.
    let mut result = site::build(&opts);
    if report(&mut result) {
        eprintln!("error: the site does not build; nothing written");
        return ExitCode::FAILURE;
    }
    let (Some(built), Some(site)) = (result.output.as_ref(), site::load(&opts).0) else {
        eprintln!("error: the site does not build; nothing written");
        return ExitCode::FAILURE;
    };
    let package = match tilebook::export::scorm(&site, built, args.lang.as_deref()) {
        Ok(p) => p,
        Err(errors) => {
            let mut found = tilebook::diagnostics::Diagnostics::new();
            found.extend(errors);
            eprint!("{}", found.render(&mut result.sources));
            eprintln!("error: nothing written");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = file::write_new(&args.output, &package.bytes, args.force) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    println!(
        "exported {} lesson(s) in {} as SCORM 1.2 (mastery score {}%) to {} ({} bytes)",
        package.lessons,
        package.lang,
        package.mastery,
        args.output.display(),
        package.bytes.len()
    );
    ExitCode::SUCCESS
}
