"""Remakes the fonts the pictures ship (bot/render/data/fonts/) from their published sources, with fontTools.

A build-time tool (``pip install -e '.[dev]'`` brings fontTools); the bot itself only reads the files made.

    python tools/subset_fonts.py --fetch /tmp/font-sources   # fetch the pinned sources, then subset
    python tools/subset_fonts.py --sources DIR               # subset sources already unpacked in DIR

``--fetch`` downloads with the ordinary package clients: ``apt-get download fonts-noto-cjk fonts-noto-core``
(Debian 12; unpacked with ``dpkg-deb -x``) and ``npm pack @expo-google-fonts/noto-emoji@0.4.7`` (Google
Fonts' monochrome Noto Emoji, as a TrueType file).  Every source file is checked against its SHA-256 below,
so the output is the same wherever it is made.  Every font made is under the SIL Open Font License 1.1
(``OFL.txt``, and ``OFL-NotoEmoji.txt`` for Noto Emoji's copyright line).

What each file holds (see ``FONT_FILES`` in bot/render/fonts.py for the order they are tried in):

* NotoSansCJKtc-Subset.otf: Noto Sans CJK TC, the common characters: GB 2312 level 1, JIS X 0208 level 1,
  Big5 level 1, kana, CJK punctuation, full-width forms, and every character of the project's own texts
  (bot/render/project_texts.py: the catalogue, each rule set's line names, the records' words).  The web
  page serves this one (bot/web/app.py), so it stays small.
* NotoSansCJKtc-Extra.otf: the rest of JIS X 0208 and JIS X 0213 (both planes), Windows-31J's NEC and IBM
  extensions (髙, 﨑), Big5 (cp950), GB 2312 and KS X 1001 (hanja and symbols), a few name characters
  outside every one of those sets (𠮷), every Hangul syllable (U+AC00-D7A3) with the jamo, and the CJK
  font's other symbols (①, ㍻, box drawing).
* NotoSans-Subset.ttf: Latin (with Extended-A/B and Additional, for Vietnamese and the like), IPA,
  combining marks, Greek, Cyrillic, punctuation and letter-like symbols.
* NotoSansArabic-Subset.ttf, NotoSansHebrew-Subset.ttf, NotoSansThai-Subset.ttf: those scripts (drawn
  letter by letter: the pictures use Pillow's basic layout, so Arabic is not joined, but never boxes).
* NotoEmoji-Subset.ttf: monochrome emoji (all of Noto Emoji: 🀄, 🎲, flags' letters, skin tones).
* NotoSansSymbols2-Subset.ttf: what Noto Emoji lacks of the mahjong tiles (🀅), dominoes, playing cards,
  arrows, shapes, miscellaneous symbols and dingbats.

Layout tables (GSUB, GPOS) are dropped: the pictures draw with Pillow's basic layout, which reads none.
Hints are dropped too (a third of a CJK font's size); the golden pictures of tests/render are drawn so.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bot" / "render" / "data" / "fonts"

DEBIAN_PACKAGES = ("fonts-noto-cjk", "fonts-noto-core")
EMOJI_PACKAGE = "@expo-google-fonts/noto-emoji@0.4.7"

#: Source files, relative to the sources folder, and their SHA-256 (fonts-noto-cjk 1:20220127+repack1-1,
#: fonts-noto-core 20201225-1, @expo-google-fonts/noto-emoji 0.4.7).
SOURCES: dict[str, tuple[str, str]] = {
    "cjk": (
        "usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "b76b0433203017ca80401b2ee0dd69350349871c4b19d504c34dbdd80541690a",
    ),
    "latin": (
        "usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "89c3c497f618fdaa0b2d1e98fef93582f28c71debd2c4a8cdf41f190ced2909d",
    ),
    "arabic": (
        "usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
        "504d7407d86875acf7d04dfaa0fd7524d0b8797723bc4aa18022f29db25b0b6e",
    ),
    "hebrew": (
        "usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf",
        "436900d5ad77d33e4234247f3076eaecd25b92b9bea0519514f684140e3566a7",
    ),
    "thai": (
        "usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf",
        "dfbd5ed0f1e68c3cbc51aa08f646d1ab0e68e7c4ceab70a69e465225ff701f93",
    ),
    "symbols": (
        "usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
        "876598db5f1e3bef2bc77c4d94c5b0d5d2c1620be4878a06f18fb5434e331688",
    ),
    "emoji": (
        "package/400Regular/NotoEmoji_400Regular.ttf",
        "24aaa2a20c9c06ffe9bf04284bfd1f14376a329d10122f902abe2770817eb504",
    ),
    "emoji-licence": (
        "package/LICENSE_FONT",
        "500bb1ccf43df7bbb522112f9133a52b16e1c35e809632f5d8609b179152de5b",
    ),
}
CJK_FACE_TC = 3  # NotoSansCJK-Regular.ttc: JP, KR, SC, TC, HK, then the Mono faces

#: Name characters outside JIS X 0213, Windows-31J, Big5, GB 2312 and KS X 1001 that people write their
#: names with (𠮷: the "tsuchi-yoshi" of 𠮷野家 and many a Yoshida).
NAME_EXTRAS = "𠮷𡈽𩸽𠀋𡵅𣘺𤚩𥝱𦹀𧃴"


def double_byte(codec: str, leads: Iterable[int], trails: Iterable[int], prefix: bytes = b"") -> set[str]:
    """Every character a double-byte legacy encoding has at the given lead and trail bytes."""
    trails = list(trails)
    found: set[str] = set()
    for lead in leads:
        for trail in trails:
            try:
                found.update((prefix + bytes((lead, trail))).decode(codec))
            except UnicodeDecodeError:
                continue
    return found


EUC = range(0xA1, 0xFF)
BIG5_TRAILS = [*range(0x40, 0x7F), *range(0xA1, 0xFF)]


def common_han() -> set[str]:
    """Level 1 of GB 2312, JIS X 0208 and Big5: the characters of everyday text."""
    return (
        double_byte("gb2312", range(0xB0, 0xD8), EUC)
        | double_byte("euc_jp", range(0xB0, 0xD0), EUC)
        | double_byte("big5", range(0xA4, 0xC7), BIG5_TRAILS)
    )


def every_set() -> set[str]:
    """JIS X 0208/0213, Windows-31J, Big5, GB 2312 and KS X 1001 whole."""
    sjis_leads = [*range(0x81, 0xA0), *range(0xE0, 0xFD)]
    sjis_trails = [*range(0x40, 0x7F), *range(0x80, 0xFD)]
    return (
        double_byte("euc_jis_2004", EUC, EUC)
        | double_byte("euc_jis_2004", EUC, EUC, prefix=b"\x8f")  # plane 2
        | double_byte("cp932", sjis_leads, sjis_trails)
        | double_byte("cp950", range(0xA1, 0xFA), BIG5_TRAILS)
        | double_byte("gb2312", EUC, EUC)
        | double_byte("euc_kr", EUC, EUC)
    )


def is_han(ch: str) -> bool:
    cp = ord(ch)
    return 0x3400 <= cp <= 0x4DBF or 0x4E00 <= cp <= 0x9FFF or 0xF900 <= cp <= 0xFAFF or cp >= 0x20000


def span(*ranges: tuple[int, int]) -> set[str]:
    return {chr(cp) for first, last in ranges for cp in range(first, last + 1)}


#: The CJK font's non-Han characters the common file carries: ASCII and Latin-1, general punctuation,
#: letter-like symbols, arrows, shapes, CJK symbols and punctuation, kana, bopomofo, CJK compatibility and
#: half- and full-width forms.
CJK_COMMON_BLOCKS = span(
    (0x20, 0x7E),
    (0xA0, 0xFF),
    (0x2000, 0x206F),
    (0x2100, 0x21FF),
    (0x25A0, 0x25FF),
    (0x3000, 0x30FF),
    (0x3100, 0x312F),
    (0x31F0, 0x31FF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
)
#: The rest of the CJK font's symbols, for the extra file: enclosed alphanumerics (①), box drawing,
#: miscellaneous symbols, enclosed CJK letters and months, CJK compatibility (㍻).
CJK_EXTRA_BLOCKS = span((0x2460, 0x24FF), (0x2500, 0x259F), (0x2600, 0x27BF), (0x3200, 0x33FF))
HANGUL = span((0xAC00, 0xD7A3), (0x3130, 0x318F), (0x1100, 0x11FF))
LATIN_BLOCKS = span(
    (0x20, 0x24F),  # Basic Latin, Latin-1, Extended-A and -B
    (0x250, 0x36F),  # IPA, spacing modifiers, combining diacritical marks
    (0x370, 0x3FF),  # Greek
    (0x400, 0x52F),  # Cyrillic and its supplement
    (0x1AB0, 0x1AFF),
    (0x1C80, 0x1C8F),
    (0x1DC0, 0x1EFF),  # combining marks supplement, Latin Extended Additional
    (0x1F00, 0x1FFF),  # Greek Extended
    (0x2000, 0x214F),  # punctuation, super- and subscripts, currency, letter-like
    (0x2C60, 0x2C7F),
    (0x2DE0, 0x2DFF),
    (0xA640, 0xA69F),
    (0xA720, 0xA7FF),
    (0xAB30, 0xAB6F),
    (0xFB00, 0xFB06),
    (0xFE20, 0xFE2F),
)
ARABIC_BLOCKS = span((0x600, 0x6FF), (0x750, 0x77F), (0x8A0, 0x8FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
HEBREW_BLOCKS = span((0x591, 0x5FF), (0xFB1D, 0xFB4F))
THAI_BLOCKS = span((0xE00, 0xE7F))
#: Mahjong tiles (🀅, 🀇: Noto Emoji has 🀄 alone), dominoes, playing cards, arrows, technical symbols,
#: shapes, miscellaneous symbols and dingbats: those Noto Emoji lacks.
SYMBOL_BLOCKS = span(
    (0x1F000, 0x1F0FF),
    (0x2190, 0x21FF),
    (0x2300, 0x23FF),
    (0x25A0, 0x25FF),
    (0x2600, 0x27BF),
    (0x2B00, 0x2BFF),
)


def project_texts() -> set[str]:
    """Every character of the project's texts (bot/render/project_texts.py says which)."""
    sys.path.insert(0, str(ROOT))
    from bot.render.project_texts import project_characters

    return project_characters() | {" "}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch(folder: Path) -> None:
    """The pinned sources into ``folder``, with apt-get and npm."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["apt-get", "download", *DEBIAN_PACKAGES], cwd=folder, check=True)
    for deb in sorted(folder.glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(folder)], check=True)
    packed = subprocess.run(
        ["npm", "pack", EMOJI_PACKAGE], cwd=folder, check=True, capture_output=True, text=True
    ).stdout.split()[-1]
    with tarfile.open(folder / packed) as archive:
        archive.extractall(folder, filter="data")


def source(folder: Path, name: str) -> Path:
    relative, expected = SOURCES[name]
    path = folder / relative
    if not path.is_file():
        raise SystemExit(f"missing source {path} (run with --fetch {folder})")
    got = sha256(path)
    if got != expected:
        raise SystemExit(f"{path}: SHA-256 {got}, expected {expected} (a different version of the font)")
    return path


def write_subset(font: TTFont, chars: set[str], out: Path) -> set[str]:
    """``font`` cut down to ``chars`` (those it has), written to ``out``; returns the characters kept."""
    cmap = font.getBestCmap()
    kept = {ch for ch in chars if ord(ch) in cmap}
    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "DSIG", "vhea", "vmtx", "VORG"]
    options.hinting = False  # a third smaller; FreeType draws the outlines as well without them
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, version, licence
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in kept))
    subsetter.subset(font)
    font.recalcTimestamp = False  # the source's date, not today's: the same bytes every time
    font.save(out)
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--fetch", type=Path, metavar="DIR", help="download the sources into DIR first")
    group.add_argument("--sources", type=Path, metavar="DIR", help="sources already unpacked in DIR")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    folder: Path = args.fetch or args.sources
    if args.fetch:
        fetch(folder)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    texts = project_texts()

    def cjk() -> TTFont:
        return TTCollection(str(source(folder, "cjk"))).fonts[CJK_FACE_TC]

    common = CJK_COMMON_BLOCKS | common_han() | span((0x3040, 0x30FF)) | texts
    kept_common = write_subset(cjk(), common, out / "NotoSansCJKtc-Subset.otf")
    extra = (every_set() | CJK_EXTRA_BLOCKS | set(NAME_EXTRAS) | HANGUL) - kept_common
    kept = kept_common | write_subset(cjk(), extra, out / "NotoSansCJKtc-Extra.otf")
    for name, blocks, filename in (
        ("latin", LATIN_BLOCKS, "NotoSans-Subset.ttf"),
        ("arabic", ARABIC_BLOCKS, "NotoSansArabic-Subset.ttf"),
        ("hebrew", HEBREW_BLOCKS, "NotoSansHebrew-Subset.ttf"),
        ("thai", THAI_BLOCKS, "NotoSansThai-Subset.ttf"),
    ):
        kept |= write_subset(TTFont(source(folder, name)), blocks | texts, out / filename)
    emoji = TTFont(source(folder, "emoji"))
    kept |= write_subset(emoji, {chr(cp) for cp in emoji.getBestCmap()}, out / "NotoEmoji-Subset.ttf")
    symbols = SYMBOL_BLOCKS - kept
    kept |= write_subset(TTFont(source(folder, "symbols")), symbols, out / "NotoSansSymbols2-Subset.ttf")
    (out / "OFL-NotoEmoji.txt").write_bytes(source(folder, "emoji-licence").read_bytes())
    missing = sorted(ch for ch in texts if ch not in kept and not ch.isspace())
    if missing:
        raise SystemExit(f"no source font draws {''.join(missing)!r}: add a font that does")
    for made in sorted(out.glob("*.[ot]tf")):
        print(f"{made.name}: {made.stat().st_size:,} bytes, {len(TTFont(made).getBestCmap()):,} characters")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
