"""Opening a questionnaire's bytes: which kind of file it is, and a CSV's text.

Every refusal says what is wrong with the file and what to do about it; nothing
here changes the file.
"""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import PurePath

from charset_normalizer import from_bytes

from .errors import UnreadableFile
from .models import FileKind, Limits

_ZIP = b"PK\x03\x04"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# Office keeps an encrypted .xlsx in an OLE container with this stream (names are UTF-16).
_ENCRYPTION_INFO = "EncryptionInfo".encode("utf-16-le")
_LATIN_CODE_PAGES = {"cp1250", "cp1252", "cp1254", "cp1257", "latin_1", "iso8859_2", "iso8859_9", "iso8859_10",
                     "iso8859_13", "iso8859_14", "iso8859_15", "iso8859_16", "mac_latin2", "mac_roman", "cp775",
                     "cp850", "cp852"}
_CSV_SUFFIXES = {".csv", ".tsv", ".txt"}
_XLSX_SUFFIXES = {".xlsx", ".xlsm"}
# An .xlsx is a zip: a small file may unpack to gigabytes (a zip bomb).
_MAX_UNPACKED_RATIO = 40


def human_size(size: int) -> str:
    """`2.4 MB`, `180 KB`."""
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{max(size / 1e3, 0.1):.0f} KB" if size >= 1e3 else f"{size} bytes"


def file_kind(filename: str, data: bytes, limits: Limits) -> FileKind:
    """'csv' or 'xlsx', or UnreadableFile saying why not."""
    name = PurePath(filename).name
    if not data:
        raise UnreadableFile(f"{name} is empty.")
    if len(data) > limits.max_bytes:
        raise UnreadableFile(f"{name} is {human_size(len(data))}; the limit is {human_size(limits.max_bytes)} "
                             "(RFPBOT_BATCH_MAX_BYTES). Split the questionnaire, or raise the limit.")
    suffix = PurePath(filename).suffix.lower()
    if data.startswith(_OLE):
        if _ENCRYPTION_INFO in data:
            raise UnreadableFile(f"{name} is password-protected. Save a copy without the password "
                                 "(File › Info › Protect Workbook › Encrypt with Password, cleared) and send that.")
        raise UnreadableFile(f"{name} is in the old Excel 97–2003 (.xls) format. Save it as .xlsx and send that.")
    if data.startswith(_ZIP):
        _check_workbook_zip(name, data, limits)
        return "xlsx"
    if suffix in _XLSX_SUFFIXES:
        raise UnreadableFile(f"{name} is not a valid .xlsx file (it may be damaged or only partly uploaded). "
                             "Open it in Excel, save it again, and send the new copy.")
    if suffix in _CSV_SUFFIXES or not suffix:
        return "csv"
    raise UnreadableFile(f"{name} is not a questionnaire I can read: send a .csv or .xlsx file.")


def _check_workbook_zip(name: str, data: bytes, limits: Limits) -> None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = archive.namelist()
            unpacked = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile as exc:
        raise UnreadableFile(f"{name} is damaged ({exc}). Open it in Excel, save it again, and send the new copy.") from exc
    if "xl/workbook.xml" not in names:
        raise UnreadableFile(f"{name} is a zip archive but not an Excel workbook: send a .csv or .xlsx file.")
    if unpacked > limits.max_bytes * _MAX_UNPACKED_RATIO:
        raise UnreadableFile(f"{name} unpacks to {unpacked / 1e6:.0f} MB, more than a questionnaire should: "
                             "remove images or unused sheets and send it again.")


def decode_csv(name: str, data: bytes) -> tuple[str, str]:
    """The text of a CSV and its encoding: UTF-8 (with or without BOM), else the likeliest one."""
    try:
        return data.decode("utf-8-sig"), "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
    except UnicodeDecodeError:
        pass
    matches = from_bytes(data)
    guess = matches.best()
    if guess is None:
        raise UnreadableFile(f"{name} is not text I can read (no known character encoding fits). "
                             "Save it from Excel as 'CSV UTF-8' and send it again.")
    # Short Latin-script texts fit several code pages equally well; Excel on Windows
    # writes Windows-1252 in western locales, so it wins among the ones that fit.
    if guess.encoding in _LATIN_CODE_PAGES and any(m.encoding == "cp1252" for m in matches):
        return data.decode("cp1252"), "cp1252"
    return str(guess), guess.encoding


def csv_dialect(text: str) -> type[csv.Dialect] | csv.Dialect:
    """The CSV's delimiter and quoting, sniffed from its start; plain commas when unsure."""
    try:
        return csv.Sniffer().sniff(text[:8192], delimiters=",;\t|")
    except csv.Error:
        return csv.excel


def line_ending(text: str) -> str:
    """The file's own line ending, kept in the copy."""
    return "\r\n" if "\r\n" in text[:8192] else "\n"


def workbook_losses(data: bytes) -> list[str]:
    """What the filled copy of a workbook will lack: openpyxl keeps neither pictures nor charts,
    nor what a sheet keeps in Excel's extensions (HECVAT's Yes/No dropdowns, some conditional
    formats)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        sheets = [archive.read(n) for n in names if n.startswith("xl/worksheets/") and n.endswith(".xml")]
    lost = []
    if any(n.startswith("xl/charts/") for n in names):
        lost.append("charts")
    if any(n.startswith("xl/media/") for n in names):
        lost.append("pictures")
    for tag, what in ((b"<x14:dataValidation ", "dropdown lists"), (b"<x14:conditionalFormatting", "conditional formats")):
        if any(tag in sheet for sheet in sheets):
            lost.append(f"{what} stored as an Excel extension")
    return lost
