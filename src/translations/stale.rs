//! The build's warnings about stale translations: pages and glossary terms
//! whose source changed after they were marked.

use crate::config::Config;
use crate::content::ContentSet;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::glossary::Glossary;

use super::status::{PageState, page_state, term_states};

/// Warns about every translation whose source changed after it was marked.
pub(crate) fn report_stale(config: &Config, content: &ContentSet, diags: &mut Diagnostics) {
    for page in &content.pages {
        if page.lang == config.default_language {
            continue;
        }
        let Some(source) = content.get(&config.default_language, &page.rel) else {
            continue;
        };
        if page_state(source, Some(page)) == PageState::Stale {
            let at = page.front.spans.translated_from;
            if page.front.fuzzy {
                diags.warning(
                    &page.source_path,
                    at.or(Some(page.front.spans.toml.start)),
                    format!(
                        "translation is stale: it was imported from a PO file with fuzzy entries (`fuzzy = true`); review it, then run `tilebook translations mark {}`",
                        page.source_path.display()
                    ),
                );
                continue;
            }
            diags.warning(
                &page.source_path,
                at,
                format!(
                    "translation is stale: {} changed since it was translated; update it, then run `tilebook translations mark {}`",
                    source.source_path.display(),
                    page.source_path.display()
                ),
            );
        }
    }
}

/// Warns about every translated glossary term whose default-language text
/// changed after it was marked, at the term's `[id]` table.
pub(crate) fn report_stale_terms(config: &Config, glossary: &Glossary, diags: &mut Diagnostics) {
    let default = &config.default_language;
    let source_file = Glossary::file(default);
    for lang in config.languages.iter().filter(|l| &l.code != default) {
        let file = Glossary::file(&lang.code);
        for (id, state) in term_states(glossary, &lang.code) {
            if state != PageState::Stale {
                continue;
            }
            diags.push(
                Diagnostic::warning(
                    &file,
                    glossary.table_offset(&lang.code, id),
                    format!(
                        "glossary term {id:?} is stale: its text in {} changed since it was translated; update it, then run `tilebook translations mark {}`",
                        source_file.display(),
                        file.display()
                    ),
                )
                .with_related(
                    &source_file,
                    glossary.table_offset(default, id),
                    "the current text",
                ),
            );
        }
    }
}
