"""`factalign batch` as a user runs it: no torn output line, no silently dropped row, no hang on a pipe."""

import json
import sys

from tests.faults.run import (ROOT, assert_one_line_error, batch_args, error_lines, factalign, one_sentence_rows,
                              output_ids, table_for, write_rows)


def _setup(tmp_path, rows):
    return write_rows(tmp_path / "rows.jsonl", rows), table_for(tmp_path / "table.json", rows)


def test_a_partial_last_line_is_dropped_on_resume_and_never_appended_to(tmp_path):
    rows = one_sentence_rows(3)
    rows_path, nli = _setup(tmp_path, rows)
    out = tmp_path / "out.jsonl"
    assert factalign(*batch_args(rows_path, out, nli)).returncode == 0
    lines = out.read_bytes().splitlines(keepends=True)
    out.write_bytes(lines[0] + lines[1][:25])  # killed while writing row 2
    proc = factalign(*batch_args(rows_path, out, nli))
    assert proc.returncode == 0, proc.stderr
    assert sorted(output_ids(out)) == ["r0", "r1", "r2"]
    assert "dropped its last line" in proc.stderr.decode()


def test_a_complete_last_row_without_its_newline_is_kept_and_not_scored_again(tmp_path):
    rows = one_sentence_rows(2)
    rows_path, nli = _setup(tmp_path, rows)
    out = tmp_path / "out.jsonl"
    assert factalign(*batch_args(rows_path, out, nli)).returncode == 0
    out.write_bytes(out.read_bytes().rstrip(b"\n"))
    assert factalign(*batch_args(rows_path, out, nli)).returncode == 0
    assert output_ids(out) == ["r0", "r1"]


def test_a_write_failing_part_way_leaves_only_whole_lines_and_a_rerun_completes(tmp_path):
    rows = one_sentence_rows(3)
    rows_path, nli = _setup(tmp_path, rows)
    full = tmp_path / "full.jsonl"
    assert factalign(*batch_args(rows_path, full, nli)).returncode == 0
    first, second = (len(line) for line in full.read_bytes().splitlines(keepends=True)[:2])
    out = tmp_path / "out.jsonl"
    proc = factalign(*batch_args(rows_path, out, nli), fsize=first + second // 2)  # the disk fills inside row 2
    assert_one_line_error(proc, "cannot write", str(out), "rerun to resume")
    assert output_ids(out) == ["r0"]
    assert factalign(*batch_args(rows_path, out, nli)).returncode == 0
    assert output_ids(out) == ["r0", "r1", "r2"]


def test_a_full_device_is_one_line_error(tmp_path):
    rows_path, nli = _setup(tmp_path, one_sentence_rows(1))
    assert_one_line_error(factalign(*batch_args(rows_path, "/dev/full", nli)), "No space left on device")


def test_repeated_ids_are_reported_not_merged(tmp_path):
    rows = one_sentence_rows(4, ids=[1, "1", "a", "a"])
    rows_path, nli = _setup(tmp_path, rows)
    out = tmp_path / "out.jsonl"
    proc = factalign(*batch_args(rows_path, out, nli))
    assert proc.returncode == 1
    errors = error_lines(proc)
    assert len(errors) == 2
    assert "rows.jsonl:2: id '1' repeats the id on line 1" in errors[0]
    assert "rows.jsonl:4: id 'a' repeats the id on line 3" in errors[1]
    assert output_ids(out) == [1, "a"]


def test_an_id_that_is_not_a_string_or_integer_is_an_error_and_never_written(tmp_path):
    rows = one_sentence_rows(3, ids=["ok", 0, 0])
    rows_path, nli = _setup(tmp_path, rows)
    text = rows_path.read_text().splitlines()
    text[1] = text[1].replace('"id": 0', '"id": NaN')
    text[2] = text[2].replace('"id": 0', '"id": true')
    rows_path.write_text("\n".join(text) + "\n")
    out = tmp_path / "out.jsonl"
    proc = factalign(*batch_args(rows_path, out, nli))
    assert proc.returncode == 1
    errors = error_lines(proc)
    assert "rows.jsonl:2: id must be a string or an integer, not nan" in errors[0]
    assert "rows.jsonl:3: id must be a string or an integer, not bool" in errors[1]
    assert "NaN" not in out.read_text() and output_ids(out) == ["ok"]


def test_output_to_stdout_piped_into_head_ends(tmp_path):
    rows_path, nli = _setup(tmp_path, one_sentence_rows(3))
    cmd = " ".join(f"'{a}'" for a in [sys.executable, "-m", "factalign", *map(str, batch_args(rows_path, "/dev/stdout", nli))])
    import subprocess

    proc = subprocess.run(["bash", "-c", f"{cmd} | head -n 1"], capture_output=True, timeout=600, cwd=ROOT)
    assert json.loads(proc.stdout.decode().splitlines()[0])["id"] == "r0"


def test_an_empty_input_file_is_an_error(tmp_path):
    rows_path = tmp_path / "rows.jsonl"
    rows_path.write_text("\n")
    assert_one_line_error(factalign(*batch_args(rows_path, tmp_path / "out.jsonl", "table:/unused.json")), "is empty")
