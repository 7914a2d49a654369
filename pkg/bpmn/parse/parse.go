// Package parse reads BPMN 2.0 XML written by any modeller into a generic,
// linked element tree that the lint rules and the quality analyzer walk.
//
// It is tolerant where modellers differ (declared encodings, vendor
// extension elements and attributes, QName-prefixed references, missing
// <incoming>/<outgoing>) and strict where a hostile file could hurt the
// service (size, nesting depth, element count, DTDs and entities).
package parse

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// Limits that keep a hostile or broken upload from exhausting the worker.
const (
	// MaxSize matches the upload limit of the BPMN analyzer (10 MB).
	MaxSize = 10 * 1024 * 1024
	// MaxDepth is far beyond any real model (MIWG files nest < 15 deep).
	MaxDepth = 256
	// MaxElements bounds the tree built from a file within MaxSize (about
	// 150 MB of memory at the limit); real 10 MB models hold fewer (MIWG
	// files average one element per 50 bytes).
	MaxElements = 250_000
)

// knownModelNS are the namespaces accepted for <definitions>: the BPMN 2.0
// final namespace and, for old exports, the 2.0 beta one.
var knownModelNS = map[string]bool{
	ModelNS:                     true,
	"http://www.omg.org/bpmn20": true,
}

// node is the raw XML tree before it is split into model, DI and
// extension parts.
type node struct {
	name     xml.Name
	attrs    []xml.Attr
	text     strings.Builder
	children []*node
	line     int
}

// Parse reads a BPMN 2.0 document. Errors carry a user-facing detail
// (failure.Permanent): the same bytes always fail the same way.
func Parse(data []byte) (*Definitions, error) {
	if len(data) > MaxSize {
		return nil, failure.Permanent(fmt.Sprintf(
			"This BPMN file is %.1f MB; the limit is 10 MB. Split the model or remove embedded data and upload it again.",
			float64(len(data))/(1024*1024)), nil)
	}
	if err := sniff(data); err != nil {
		return nil, err
	}
	data, err := normalizeBOM(data)
	if err != nil {
		return nil, err
	}
	root, enc, err := readTree(data)
	if err != nil {
		return nil, err
	}
	defs, err := build(root)
	if err != nil {
		return nil, err
	}
	defs.Encoding = enc
	return defs, nil
}

// sniff recognises files people upload to the BPMN analyzer by mistake, to
// say what they are instead of reporting an XML syntax error.
func sniff(data []byte) error {
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return failure.Permanent("This file is a ZIP archive (for example a Visio .vsdx or a Word .docx), not BPMN 2.0 XML. Export the diagram from your modeller as BPMN 2.0 (.bpmn) and upload that file.", nil)
	case bytes.HasPrefix(data, []byte("%PDF")):
		return failure.Permanent("This file is a PDF, not BPMN 2.0 XML. Use the Document Analyzer for PDF files, or upload the .bpmn file your modeller exported.", nil)
	}
	return nil
}

// normalizeBOM strips a UTF-8 byte order mark and turns UTF-16 input
// (which encoding/xml cannot read) into UTF-8.
func normalizeBOM(data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		return data[3:], nil
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		dec := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder()
		out, err := dec.Bytes(data)
		if err != nil {
			return nil, failure.Permanent("This file claims to be UTF-16 but is not valid UTF-16 text. Save it again as UTF-8 and upload it.", err)
		}
		return out, nil
	}
	return data, nil
}

// charsetReader honours the declared encoding (seven MIWG files declare
// ISO-8859-1). UTF-16 labels are accepted because normalizeBOM already
// turned such input into UTF-8.
func charsetReader(label string, input io.Reader) (io.Reader, error) {
	l := strings.ToLower(strings.TrimSpace(label))
	if strings.HasPrefix(l, "utf-16") || l == "utf16" {
		return input, nil
	}
	var enc encoding.Encoding
	var err error
	enc, err = ianaindex.IANA.Encoding(l)
	if err != nil || enc == nil {
		enc, err = htmlindex.Get(l)
	}
	if err != nil || enc == nil {
		return nil, fmt.Errorf("unsupported encoding %q", label)
	}
	return enc.NewDecoder().Reader(input), nil
}

func readTree(data []byte) (*node, string, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = charsetReader
	var (
		root     *node
		stack    []*node
		count    int
		encLabel string
	)
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, "", syntaxFailure(err)
		}
		switch t := tok.(type) {
		case xml.ProcInst:
			if t.Target == "xml" {
				encLabel = declaredEncoding(string(t.Inst))
			}
		case xml.Directive:
			dir := strings.ToUpper(strings.TrimSpace(string(t)))
			if strings.HasPrefix(dir, "DOCTYPE") || strings.HasPrefix(dir, "ENTITY") {
				return nil, "", failure.Permanent(
					"This file declares a DTD (<!DOCTYPE …>). BPMN files never need one, and SPADE refuses DTDs and entity declarations so that a file cannot expand into gigabytes. Remove the DOCTYPE and upload the file again.", nil)
			}
		case xml.StartElement:
			count++
			if count > MaxElements {
				return nil, "", failure.Permanent(fmt.Sprintf(
					"This BPMN file holds more than %d XML elements, more than SPADE analyses. Split the model and upload the parts.", MaxElements), nil)
			}
			if len(stack) >= MaxDepth {
				return nil, "", failure.Permanent(fmt.Sprintf(
					"This BPMN file nests elements more than %d levels deep, which no real model does; the file is probably damaged or generated by mistake. Export it again from your modeller.", MaxDepth), nil)
			}
			line, _ := d.InputPos()
			n := &node{name: t.Name, attrs: t.Attr, line: line}
			if len(stack) == 0 {
				if root != nil {
					return nil, "", failure.Permanent("This file holds more than one root XML element, so it is not a BPMN 2.0 model. Export it again from your modeller.", nil)
				}
				if err := checkRoot(t.Name); err != nil {
					return nil, "", err
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			}
		}
	}
	if root == nil {
		return nil, "", failure.Permanent("This file is empty or holds no XML element, so it is not a BPMN 2.0 model. Upload the .bpmn file your modeller exported.", nil)
	}
	return root, encLabel, nil
}

func checkRoot(name xml.Name) error {
	if name.Local == "definitions" && (knownModelNS[name.Space] || name.Space == "") {
		return nil
	}
	where := "without a namespace"
	if name.Space != "" {
		where = "in namespace " + name.Space
	}
	return failure.Permanent(fmt.Sprintf(
		"This file is not a BPMN 2.0 model: its root element is <%s> %s, but a BPMN file starts with <definitions> in namespace %s. Export the diagram as BPMN 2.0 XML from your modeller.",
		name.Local, where, ModelNS), nil)
}

func syntaxFailure(err error) error {
	if strings.Contains(err.Error(), "charset") {
		return failure.Permanent("This file declares a character encoding SPADE cannot read. Save it as UTF-8 and upload it again.", err)
	}
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		msg := se.Msg
		if strings.Contains(msg, "encoding") {
			return failure.Permanent(fmt.Sprintf(
				"This file declares a character encoding SPADE cannot read (line %d: %s). Save it as UTF-8 and upload it again.", se.Line, msg), err)
		}
		return failure.Permanent(fmt.Sprintf(
			"This file is not well-formed XML (line %d: %s), so it cannot be read as a BPMN model. Export it again from your modeller.", se.Line, msg), err)
	}
	return failure.Permanent("This file could not be read as XML, so it cannot be read as a BPMN model. Export it again from your modeller.", err)
}

// declaredEncoding extracts encoding="…" from an XML declaration.
func declaredEncoding(inst string) string {
	i := strings.Index(inst, "encoding")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(inst[i+len("encoding"):], " \t\r\n=")
	if rest == "" {
		return ""
	}
	q := rest[0]
	if q != '"' && q != '\'' {
		return ""
	}
	end := strings.IndexByte(rest[1:], q)
	if end < 0 {
		return ""
	}
	return rest[1 : 1+end]
}
