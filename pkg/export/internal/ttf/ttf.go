// Package ttf lays out TrueType files from their tables, for the PDF
// writer's font subsets and for the generator of the embedded CJK font.
package ttf

import (
	"encoding/binary"
	"sort"
)

// Write lays out a TrueType file from its tables, sorted by tag, each on a
// four-byte boundary with its checksum in the table directory.
func Write(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	num := len(tags)
	es := 0
	for 1<<(es+1) <= num {
		es++
	}
	out := make([]byte, 12+16*num)
	binary.BigEndian.PutUint32(out[0:], 0x00010000)
	binary.BigEndian.PutUint16(out[4:], uint16(num))
	binary.BigEndian.PutUint16(out[6:], uint16(16<<es))
	binary.BigEndian.PutUint16(out[8:], uint16(es))
	binary.BigEndian.PutUint16(out[10:], uint16(num*16-(16<<es)))
	for i, tag := range tags {
		t := tables[tag]
		r := 12 + 16*i
		copy(out[r:], tag)
		binary.BigEndian.PutUint32(out[r+4:], Checksum(t))
		binary.BigEndian.PutUint32(out[r+8:], uint32(len(out)))
		binary.BigEndian.PutUint32(out[r+12:], uint32(len(t)))
		out = append(out, t...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out
}

// Checksum is the TrueType table checksum: the sum of the table's
// big-endian 32-bit words, the last one padded with zeros.
func Checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
