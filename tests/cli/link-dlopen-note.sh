#!/bin/sh
# SPDX-License-Identifier: ISC
# The libraries retry loads with dlopen are named in its ELF note
# .note.dlopen (src/proc/dynlib.h), the "ELF dlopen metadata" convention that
# packaging tools read to make dependencies: notes of type 0x407c0c0a and
# owner "FDO", each a JSON array of {feature, description, priority,
# soname: [...]}. The note must name exactly what the code opens: a run
# whose store needs all three (rediss:// to a name, so TLS, c-ares and
# hiredis are loaded) is watched by glibc's loader (LD_DEBUG=files), and
# the libraries that retry itself loaded must be the note's sonames.
# Skips in a build without the redis: store (no note, nothing to load)
# and where the C library is not glibc (no LD_DEBUG).

# shellcheck source=lib.sh
. "${TESTS_DIR:-$(dirname "$0")}/lib.sh"

require_python3_
out=$("$RETRY" --version) || framework_failure_ "retry --version failed"
case $out in
*'Built without the redis: store'*) skip_ "a build without the redis: store" ;;
esac

# The notes, parsed from the ELF file's section headers by hand (no
# binutils of a given age needed): one soname a line in ./noted, the
# entries checked for their fields.
python3 - "$RETRY" >noted 2>err <<'EOP' || note_ "the note:" "$(cat err)" || fail=1
import json, struct, sys
data = open(sys.argv[1], 'rb').read()
if data[:4] != b'\x7fELF':
    sys.exit('not an ELF file')
is64, little = data[4] == 2, data[5] == 1
e = '<' if little else '>'
if is64:
    shoff, = struct.unpack_from(e + 'Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from(e + 'HHH', data, 0x3a)
else:
    shoff, = struct.unpack_from(e + 'I', data, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from(e + 'HHH', data, 0x2e)
def section(i):
    o = shoff + i * shentsize
    if is64:
        name, typ, _, _, off, size = struct.unpack_from(e + 'IIQQQQ', data, o)
    else:
        name, typ, _, _, off, size = struct.unpack_from(e + 'IIIIII', data, o)
    return name, typ, off, size
_, _, stroff, _ = section(shstrndx)
sonames, entries = [], 0
for i in range(shnum):
    name, typ, off, size = section(i)
    sname = data[stroff + name:data.index(b'\0', stroff + name)].decode()
    if sname != '.note.dlopen':
        continue
    if typ != 7:
        sys.exit('.note.dlopen is not of type SHT_NOTE')
    p, end = off, off + size
    while p < end:
        namesz, descsz, ntype = struct.unpack_from(e + 'III', data, p)
        p += 12
        owner = data[p:p + namesz].rstrip(b'\0').decode()
        p += (namesz + 3) & ~3
        desc = data[p:p + descsz].rstrip(b'\0').decode()
        p += (descsz + 3) & ~3
        if owner != 'FDO' or ntype != 0x407c0c0a:
            sys.exit('a note of owner %r, type %#x' % (owner, ntype))
        for entry in json.loads(desc):
            entries += 1
            for k in ('feature', 'description', 'priority', 'soname'):
                if k not in entry:
                    sys.exit('an entry without %s: %r' % (k, entry))
            if entry['priority'] not in ('required', 'recommended', 'suggested'):
                sys.exit('priority %r' % entry['priority'])
            if not isinstance(entry['soname'], list) or not entry['soname']:
                sys.exit('soname is not a list of names: %r' % entry)
            sonames += entry['soname']
if entries == 0:
    sys.exit('no .note.dlopen entry')
print('\n'.join(sorted(set(sonames))))
EOP

# The same names as configure found (config.h), when make check gives it.
if test -n "${CONFIG_H:-}"; then
	sed -n 's/^#define LIB[A-Z]*_SONAME "\(.*\)"$/\1/p' "$CONFIG_H" |
		sort -u >configured
	cmp -s configured noted ||
		note_ "config.h's sonames and the note's differ:" \
			"$(diff configured noted)" || fail=1
fi

# What the code opens: each library retry itself loaded (not one that a
# library loaded for itself, as libssl loads libcrypto).
LD_DEBUG=files "$RETRY" -a 1 --budget=note \
	--store=rediss://nosuch.invalid:1 -- true >/dev/null 2>debug
grep -q 'file=' debug || skip_ "the C library has no LD_DEBUG (not glibc)"
sed -n 's/.*file=\([^ ]*\) \[0\]; *dynamically loaded by .*/\1/p' debug |
	sort -u >opened
cmp -s opened noted ||
	note_ "the note names what the code does not open, or the reverse:" \
		"$(diff noted opened)" || fail=1

Exit "$fail"
