// Command svgdump draws a BPMN file's diagram interchange as a rough SVG,
// for looking at layouts while working on pkg/bpmn/layout (bpmn-js is the
// real renderer). With two numbers it draws a generated random process:
//
//	go run ./bench/layout/svgdump FILE.bpmn > out.svg
//	go run ./bench/layout/svgdump 50 42 > random-50.svg
package main

import (
	"encoding/xml"
	"fmt"
	"html"
	"os"
	"strconv"
	"strings"

	"github.com/spade-bpmn/spade/bench/layout/graphgen"
	"github.com/spade-bpmn/spade/pkg/bpmn"
)

type D struct {
	Shapes []struct {
		El string `xml:"bpmnElement,attr"`
		Bx struct {
			X float64 `xml:"x,attr"`
			Y float64 `xml:"y,attr"`
			W float64 `xml:"width,attr"`
			H float64 `xml:"height,attr"`
		} `xml:"Bounds"`
		L *struct {
			B struct {
				X float64 `xml:"x,attr"`
				Y float64 `xml:"y,attr"`
				W float64 `xml:"width,attr"`
				H float64 `xml:"height,attr"`
			} `xml:"Bounds"`
		} `xml:"BPMNLabel"`
	} `xml:"BPMNDiagram>BPMNPlane>BPMNShape"`
	Edges []struct {
		El string `xml:"bpmnElement,attr"`
		P  []struct {
			X float64 `xml:"x,attr"`
			Y float64 `xml:"y,attr"`
		} `xml:"waypoint"`
		L *struct {
			B struct {
				X float64 `xml:"x,attr"`
				Y float64 `xml:"y,attr"`
				W float64 `xml:"width,attr"`
				H float64 `xml:"height,attr"`
			} `xml:"Bounds"`
		} `xml:"BPMNLabel"`
	} `xml:"BPMNDiagram>BPMNPlane>BPMNEdge"`
}

func main() {
	var b []byte
	if len(os.Args) > 2 {
		n, _ := strconv.Atoi(os.Args[1])
		s, _ := strconv.Atoi(os.Args[2])
		b, _ = bpmn.Build(graphgen.Model(n, uint64(s)))
	} else {
		b, _ = os.ReadFile(os.Args[1])
	}
	var d D
	if err := xml.Unmarshal(b, &d); err != nil {
		panic(err)
	}
	names := map[string]string{}
	dec := xml.NewDecoder(strings.NewReader(string(b)))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok {
			var id, name string
			for _, a := range se.Attr {
				if a.Name.Local == "id" {
					id = a.Value
				}
				if a.Name.Local == "name" {
					name = a.Value
				}
			}
			names[id] = se.Name.Local + ":" + html.EscapeString(name)
		}
	}
	maxX, maxY := 0.0, 0.0
	for _, s := range d.Shapes {
		maxX = max(maxX, s.Bx.X+s.Bx.W)
		maxY = max(maxY, s.Bx.Y+s.Bx.H)
	}
	fmt.Printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%v" height="%v" style="background:white"><rect width="100%%" height="100%%" fill="white"/>`, maxX+50, maxY+50)
	for _, s := range d.Shapes {
		r := s.Bx
		n := names[s.El]
		col := "none"
		switch {
		case strings.HasPrefix(n, "participant"), strings.HasPrefix(n, "lane"):
			fmt.Printf(`<rect x="%v" y="%v" width="%v" height="%v" fill="none" stroke="#888"/>`, r.X, r.Y, r.W, r.H)
			fmt.Printf(`<text x="%v" y="%v" font-size="10">%s</text>`, r.X+3, r.Y+12, strings.SplitN(n, ":", 2)[1])
			continue
		case strings.Contains(n, "Gateway"):
			fmt.Printf(`<polygon points="%v,%v %v,%v %v,%v %v,%v" fill="#ffd" stroke="black"/>`, r.X+r.W/2, r.Y, r.X+r.W, r.Y+r.H/2, r.X+r.W/2, r.Y+r.H, r.X, r.Y+r.H/2)
		case strings.Contains(n, "Event"):
			fmt.Printf(`<circle cx="%v" cy="%v" r="%v" fill="#dfd" stroke="black"/>`, r.X+r.W/2, r.Y+r.H/2, r.W/2)
		default:
			if strings.HasPrefix(n, "textAnnotation") {
				col = "#eef"
			}
			fmt.Printf(`<rect x="%v" y="%v" width="%v" height="%v" rx="8" fill="%s" stroke="black"/>`, r.X, r.Y, r.W, r.H, col)
			fmt.Printf(`<text x="%v" y="%v" font-size="10">%s</text>`, r.X+3, r.Y+r.H/2, strings.SplitN(n, ":", 2)[1])
		}
		if s.L != nil {
			fmt.Printf(`<rect x="%v" y="%v" width="%v" height="%v" fill="none" stroke="#f88" stroke-dasharray="2"/>`, s.L.B.X, s.L.B.Y, s.L.B.W, s.L.B.H)
			fmt.Printf(`<text x="%v" y="%v" font-size="9">%s</text>`, s.L.B.X, s.L.B.Y+10, strings.SplitN(n, ":", 2)[1])
		}
	}
	for _, e := range d.Edges {
		var pts []string
		for _, p := range e.P {
			pts = append(pts, fmt.Sprintf("%v,%v", p.X, p.Y))
		}
		fmt.Printf(`<polyline points="%s" fill="none" stroke="blue"/>`, strings.Join(pts, " "))
		if len(e.P) > 0 {
			p := e.P[len(e.P)-1]
			fmt.Printf(`<circle cx="%v" cy="%v" r="3" fill="blue"/>`, p.X, p.Y)
		}
		if e.L != nil {
			fmt.Printf(`<rect x="%v" y="%v" width="%v" height="%v" fill="none" stroke="#f88" stroke-dasharray="2"/>`, e.L.B.X, e.L.B.Y, e.L.B.W, e.L.B.H)
			fmt.Printf(`<text x="%v" y="%v" font-size="9" fill="red">%s</text>`, e.L.B.X, e.L.B.Y+10, strings.SplitN(names[e.El], ":", 2)[1])
		}
	}
	fmt.Println(`</svg>`)
}
