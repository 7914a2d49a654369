package export

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// longWordText is n characters of one unbroken word (a pasted URL or hash);
// normalText is the same amount of ordinary prose.
func longWordText(n int) string { return strings.Repeat("x", n) }

func normalText(n int) string {
	const s = "The clerk checks the invoice and sends it to the manager. "
	return strings.Repeat(s, n/len(s)+1)[:n]
}

func TestWrapKeepsEveryCharacterWithinWidth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		text string
	}{
		{"long word", longWordText(5000)},
		{"prose", normalText(5000)},
		{"mixed", "short " + longWordText(700) + " words after"},
		{"empty lines", "a\n\nb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			const width = 200.0
			lines := wrap(tt.text, fontRegular, 10, width)
			var got strings.Builder
			for _, l := range lines {
				if len(l) > 2 && textWidth(l, fontRegular, 10) > width {
					t.Fatalf("line %q is %.1f pt wide, over %v", l, textWidth(l, fontRegular, 10), width)
				}
				got.WriteString(decode(l))
			}
			want := strings.Join(strings.Fields(tt.text), "")
			if strings.ReplaceAll(got.String(), " ", "") != want {
				t.Fatalf("wrap lost or changed characters")
			}
		})
	}
}

// BenchmarkExportLongWord reports how much longer every export of a
// 10,000-character word takes than the same amount of normal text
// (ratio_long_vs_normal; the issue asks for at most 3).
func BenchmarkExportLongWord(b *testing.B) {
	for _, typ := range Formats {
		if typ == "bpmn" {
			continue
		}
		b.Run(typ, func(b *testing.B) {
			var long, normal time.Duration
			for i := 0; i < b.N; i++ {
				for _, c := range []struct {
					text string
					d    *time.Duration
				}{{longWordText(10000), &long}, {normalText(10000), &normal}} {
					start := time.Now()
					if _, _, _, err := Export(typ, Request{FormattedText: c.text, ProcessName: "p"}); err != nil {
						b.Fatal(err)
					}
					*c.d += time.Since(start)
				}
			}
			b.ReportMetric(float64(long)/float64(normal), "ratio_long_vs_normal")
		})
	}
}

// BenchmarkExportLargeText reports the export time of the largest text the
// export endpoint accepts, per format.
func BenchmarkExportLargeText(b *testing.B) {
	text := normalText(MaxTextBytes)
	for _, typ := range Formats {
		if typ == "bpmn" {
			continue
		}
		b.Run(typ, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, _, _, err := Export(typ, Request{FormattedText: text, ProcessName: "p"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// decode turns an encoded string back into text.
func decode(s []byte) string {
	var b strings.Builder
	for i := 0; i+1 < len(s); i += 2 {
		b.WriteRune(rune(char(s, i)))
	}
	return b.String()
}

// TestExportContext: a text over the bound is refused before any work, and
// an export whose client has gone stops with the context's error instead
// of rendering on (issue 12.2).
func TestExportContext(t *testing.T) {
	t.Parallel()
	big := Request{FormattedText: strings.Repeat("a", MaxTextBytes+1)}
	for _, typ := range Formats {
		if _, _, _, err := ExportContext(context.Background(), typ, big); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s over the bound: %v, want ErrTooLarge", typ, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	long := Request{FormattedText: strings.Repeat("The clerk checks the invoice.\n", 20000)}
	for _, typ := range Formats {
		if _, _, _, err := ExportContext(ctx, typ, long); !errors.Is(err, context.Canceled) {
			t.Errorf("%s after the client left: %v, want context.Canceled", typ, err)
		}
	}
	// The PDF renderer itself notices a context that ends mid-way.
	r := long
	r.ctx = ctx
	if _, _, _, err := PDF(r); !errors.Is(err, context.Canceled) {
		t.Errorf("pdf renderer: %v, want context.Canceled", err)
	}
}
