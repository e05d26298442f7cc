# Sourced by the resumable benchmark scripts (compare_house.sh, default_choice.sh): `step FILE COMMAND...` runs
# COMMAND into $OUT/FILE unless that file is there, through FILE.part, so an interrupted step leaves no file.
step() {
  local file=$OUT/$1; shift
  [ -s "$file" ] && { echo "kept $file" >&2; return; }
  echo "running $*" >&2
  "$@" > "$file.part" && mv "$file.part" "$file"
}
