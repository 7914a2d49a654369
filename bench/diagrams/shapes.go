package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"io"
	"strings"

	"github.com/spade-bpmn/spade/pkg/analyze/diagram/vision"
)

// shapesRun writes what the recogniser reads (no OCR) from every picture
// and variant, one line each, to compare two versions of the recogniser
// with diff: a development picture's line lists its shapes, bands and
// flows; a held-back picture's line is only a hash of them, so that a
// change is counted without being looked at.
func shapesRun(w io.Writer, dir, set, variant, renderers, cacheDir string) error {
	cases, err := loadCases(dir, renderers, cacheDir)
	if err != nil {
		return err
	}
	variants := Variants
	if variant != "" {
		variants = strings.Split(variant, ",")
	}
	for i, c := range cases {
		if !c.inSet(set) {
			continue
		}
		src, err := readPNG(c.png)
		if err != nil {
			return err
		}
		for _, v := range variants {
			b, err := degrade(src, v, i)
			if err != nil {
				return err
			}
			img, _, err := image.Decode(bytes.NewReader(b))
			if err != nil {
				return fmt.Errorf("decode: %w", err)
			}
			g := image.NewGray(img.Bounds())
			draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
			g, angle := vision.Deskew(g)
			desc := describe(vision.Recognize(g), angle)
			if !c.dev {
				sum := sha256.Sum256([]byte(desc))
				fmt.Fprintf(w, "%s held-back #%d %s %s\n", c.renderer, i, v, hex.EncodeToString(sum[:6]))
				continue
			}
			fmt.Fprintf(w, "%s %s %s %s\n", c.renderer, c.name, v, desc)
		}
	}
	return nil
}

// describe is one line of what the recogniser read.
func describe(d vision.Diagram, angle float64) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "skew %.2f stroke %d |", angle, d.Stroke)
	for _, s := range d.Shapes {
		fmt.Fprintf(&sb, " %d%v m%d r%d i%d", s.Kind, s.Box, s.Marker, s.Ring, s.Icon)
	}
	sb.WriteString(" | bands")
	for _, b := range d.Lanes {
		fmt.Fprintf(&sb, " %v%v", b.Header, b.Pool)
	}
	sb.WriteString(" | flows")
	for _, fl := range d.Flows {
		fmt.Fprintf(&sb, " %d>%d", fl.From, fl.To)
		if fl.Dashed {
			sb.WriteString("d")
		}
		if !fl.Sure {
			sb.WriteString("?")
		}
	}
	sb.WriteString(" | traces")
	for _, t := range d.Traces {
		fmt.Fprintf(&sb, " %d%v%v", t.Node, t.End, t.Dashed)
	}
	return sb.String()
}
