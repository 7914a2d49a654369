package export

import (
	"encoding/binary"
	"slices"
	"testing"
)

// TestComponents reads the records of hand-made composite glyphs: the
// arguments as bytes or words and the three kinds of scale.
func TestComponents(t *testing.T) {
	t.Parallel()
	record := func(flags, glyph uint16, rest int) []byte {
		b := binary.BigEndian.AppendUint16(nil, flags)
		b = binary.BigEndian.AppendUint16(b, glyph)
		return append(b, make([]byte, rest)...)
	}
	header := make([]byte, 10)
	const more = 0x20
	tests := []struct {
		name    string
		records [][]byte
		want    []int
	}{
		{"one record, byte arguments", [][]byte{record(0, 7, 2)}, []int{7}},
		{"word arguments then a scale", [][]byte{record(0x1|more, 3, 4), record(0x8, 9, 2+2)}, []int{3, 9}},
		{"x and y scale, then two by two", [][]byte{record(0x40|more, 4, 2+4), record(0x80|more, 5, 2+8), record(0, 6, 2)}, []int{4, 5, 6}},
		{"the last record ends the list", [][]byte{record(0, 1, 2), record(0, 2, 2)}, []int{1}},
		{"a record cut short", [][]byte{record(more, 8, 2), {0, 0}}, []int{8}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			glyph := slices.Concat(append([][]byte{header}, tt.records...)...)
			if got := components(glyph); !slices.Equal(got, tt.want) {
				t.Errorf("components = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestSubsetKeepsComposites subsets DejaVu Sans to characters drawn as
// composites: their components are kept, the glyphs not asked for are
// emptied, and the result has its glyph tables (no cmap: the PDF
// maps characters to glyphs itself).
func TestSubsetKeepsComposites(t *testing.T) {
	t.Parallel()
	f := metrics(fontRegular)
	tests := []struct {
		name string
		text string
	}{
		{"plain letters", "Invoice"},
		{"accented capitals", "ǺẬ"},
		{"nothing but .notdef", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			gids := map[uint16]bool{}
			for _, r := range tt.text {
				gids[f.gid[r]] = true
			}
			data, err := subset(f.data, gids)
			if err != nil {
				t.Fatal(err)
			}
			orig, err := readGlyphTables(f.data)
			if err != nil {
				t.Fatal(err)
			}
			sub, err := readGlyphTables(data)
			if err != nil {
				t.Fatal(err)
			}
			keep := orig.keptGlyphs(gids)
			for g := range orig.n {
				size := sub.offset(g+1) - sub.offset(g)
				want := orig.offset(g+1) - orig.offset(g)
				if !keep[g] {
					want = 0
				}
				if size < want || size > want+3 {
					t.Fatalf("glyph %d is %d bytes in the subset, want %d (padded to 4)", g, size, want)
				}
			}
			for g := range gids {
				if !keep[int(g)] {
					t.Errorf("glyph %d asked for but left out", g)
				}
			}
		})
	}
	// the accented capitals are composites: more glyphs are kept than asked for
	gids := map[uint16]bool{f.gid['Ǻ']: true}
	orig, err := readGlyphTables(f.data)
	if err != nil {
		t.Fatal(err)
	}
	if k := orig.keptGlyphs(gids); len(k) < 3 {
		t.Errorf("Ǻ keeps %d glyphs (with .notdef); its components are lost", len(k))
	}
}
