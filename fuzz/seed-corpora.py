#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target from the course and the test
fixtures into fuzz/corpus/<target>/ (run from anywhere; idempotent).

- front_matter: the head of every page (front matter and the first lines);
- quiz, tiles:  the body of every ```quiz / ```tiles fence (tiles also gets
                every quoted string of the quiz blocks: racks, passes, lines);
- page:         every page file, whole;
- config:       config.toml of the course and of every fixture site;
- glossary:     every glossary/<lang>.toml, and terms.toml + "---" + en.toml.
"""
import hashlib
import pathlib
import re

FUZZ = pathlib.Path(__file__).resolve().parent
ROOT = FUZZ.parent
SITES = [ROOT] + sorted(p for p in (ROOT / "tests" / "fixtures").iterdir() if p.is_dir())
FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```\s*$", re.M | re.S)
QUOTED = re.compile(r'"([^"\n]*)"')


def put(target, text):
    data = text.encode("utf-8")
    d = FUZZ / "corpus" / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    counts = {}
    for site in SITES:
        for page in sorted(site.glob("content/**/*.md")):
            text = page.read_text("utf-8", errors="replace")
            put("page", text)
            head = text.split("\n")
            put("front_matter", "\n".join(head[: min(len(head), 12)]) + "\n")
            for kind, body in FENCE.findall(text):
                if kind == "quiz":
                    put("quiz", body)
                    for s in QUOTED.findall(body):
                        put("tiles", s)
                elif kind == "tiles":
                    put("tiles", body)
        cfg = site / "config.toml"
        if cfg.exists():
            put("config", cfg.read_text("utf-8", errors="replace"))
        gl = site / "glossary"
        if gl.is_dir():
            terms = gl / "terms.toml"
            for f in sorted(gl.glob("*.toml")):
                if f.name != "terms.toml":
                    put("glossary", f.read_text("utf-8", errors="replace"))
            if terms.exists() and (gl / "en.toml").exists():
                put("glossary", terms.read_text("utf-8") + "\n---\n" + (gl / "en.toml").read_text("utf-8"))
    for d in sorted((FUZZ / "corpus").iterdir()):
        counts[d.name] = len(list(d.iterdir()))
    print(" ".join(f"{k}={v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
