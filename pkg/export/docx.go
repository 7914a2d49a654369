package export

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"math"
	"strings"
	"time"

	"github.com/spade-bpmn/spade/pkg/process"
)

// DOCX exports a Word document written directly as OOXML: a title, the
// formatted text with its "===" sections as headings, the diagram as a
// PNG picture right after the summary, and, when the model is given,
// tables of the activities, the SIPOC and the gateways.
func DOCX(r Request) ([]byte, string, string, error) {
	text := r.text()
	if strings.TrimSpace(text) == "" {
		return nil, "", "", nothing("DOCX")
	}
	d := &docxBody{}
	d.para("Title", r.title(), false)
	if meta := metaLine(r); meta != "" {
		d.para("Subtitle", meta, false)
	}
	var pic *docxPicture
	if g := r.diagram(); g != nil {
		p, err := newDocxPicture(r, g)
		if err != nil {
			return nil, "", "", fmt.Errorf("docx: %w", err)
		}
		pic = p
	}
	secs := sections(text)
	after := summaryIndex(secs)
	for k, sec := range secs {
		if sec.Heading != "" {
			d.para("Heading1", sec.Heading, false)
		}
		for _, l := range sec.Lines {
			if strings.TrimSpace(l) == "" {
				continue
			}
			if t, level, ok := bullet(l); ok {
				d.bullet(t, level)
				continue
			}
			d.para("", strings.TrimSpace(l), false)
		}
		if k == after && pic != nil {
			d.picture(pic, r.title())
		}
	}
	if m := r.Model; m != nil {
		for _, t := range modelTables(m) {
			d.para("Heading1", t.title, false)
			d.table(t)
		}
	}
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	types, rels := docxContentTypes, docxDocRels
	if pic != nil {
		types = strings.Replace(types, `<Default Extension="xml"`, `<Default Extension="png" ContentType="image/png"/><Default Extension="xml"`, 1)
		rels = strings.Replace(rels, `</Relationships>`, `<Relationship Id="`+docxPictureRel+`" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/diagram.png"/></Relationships>`, 1)
	}
	parts := []struct{ name, body string }{
		{"[Content_Types].xml", types},
		{"_rels/.rels", docxRels},
		{"word/_rels/document.xml.rels", rels},
		{"word/styles.xml", docxStyles},
		{"docProps/app.xml", docxApp},
		{"docProps/core.xml", docxCore(r.title())},
		{"word/document.xml", d.document()},
	}
	if pic != nil {
		parts = append(parts, struct{ name, body string }{"word/media/diagram.png", string(pic.png)})
	}
	for _, p := range parts {
		w, err := z.CreateHeader(&zip.FileHeader{Name: p.name, Method: zip.Deflate, Modified: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			return nil, "", "", fmt.Errorf("docx %s: %w", p.name, err)
		}
		if _, err := w.Write([]byte(p.body)); err != nil {
			return nil, "", "", fmt.Errorf("docx %s: %w", p.name, err)
		}
	}
	if err := z.Close(); err != nil {
		return nil, "", "", fmt.Errorf("docx: %w", err)
	}
	return buf.Bytes(), TypeDOCX, Filename(r.title(), "docx"), nil
}

// metaLine says which analysis the document comes from.
func metaLine(r Request) string {
	var parts []string
	if r.Timestamp != "" {
		parts = append(parts, "Analysis of "+r.Timestamp)
	}
	if r.ID != "" {
		parts = append(parts, "ID "+r.ID)
	}
	return strings.Join(parts, " · ")
}

// table is a titled grid used by the docx and pdf exports.
type table struct {
	title   string
	headers []string
	widths  []float64 // relative column widths
	rows    [][]string
}

// modelTables lists the tables the model adds to documents.
func modelTables(m *process.Model) []table {
	acts := table{title: "Activities", headers: []string{"No.", "Activity", "Performer", "Inputs", "Outputs", "Systems", "WT", "wt"},
		widths: []float64{4, 18, 12, 14, 14, 12, 8, 8}}
	for i, a := range orderedActivities(m) {
		acts.rows = append(acts.rows, []string{fmt.Sprint(i + 1), a.Name, a.Performer, join(a.SIPOC.Inputs), join(a.SIPOC.Outputs),
			join(a.SIPOC.Systems), duration(a.WorkMinutes), duration(a.WaitMinutes)})
	}
	s := process.SIPOCTable(m)
	sipoc := table{title: "SIPOC", headers: []string{"Suppliers", "Inputs", "Process", "Outputs", "Customers"},
		widths: []float64{1, 1, 1, 1, 1},
		rows:   [][]string{{strings.Join(s.Suppliers, "\n"), strings.Join(s.Inputs, "\n"), strings.Join(s.Processes, "\n"), strings.Join(s.Outputs, "\n"), strings.Join(s.Customers, "\n")}}}
	out := []table{acts, sipoc}
	if len(m.Gateways) > 0 {
		gw := table{title: "Gateways", headers: []string{"Gateway", "Type", "Performer", "Specification"}, widths: []float64{3, 2, 2, 5}}
		names := process.GatewayNames(m)
		for _, g := range m.Gateways {
			gw.rows = append(gw.rows, []string{names[g.ID], g.Type, g.Performer, g.Specification})
		}
		out = append(out, gw)
	}
	return out
}

type docxBody struct{ b strings.Builder }

func esc(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s)) //nolint:errcheck // bytes.Buffer never fails
	return b.String()
}

// runs writes text as runs, turning newlines into line breaks.
func runs(text string, bold bool) string {
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		b.WriteString("<w:r>")
		if bold {
			b.WriteString("<w:rPr><w:b/></w:rPr>")
		}
		if i > 0 {
			b.WriteString("<w:br/>")
		}
		b.WriteString(`<w:t xml:space="preserve">` + esc(line) + "</w:t></w:r>")
	}
	return b.String()
}

func (d *docxBody) para(style, text string, bold bool) {
	d.b.WriteString("<w:p>")
	if style != "" {
		d.b.WriteString(`<w:pPr><w:pStyle w:val="` + style + `"/></w:pPr>`)
	}
	d.b.WriteString(runs(text, bold))
	d.b.WriteString("</w:p>")
}

func (d *docxBody) bullet(text string, level int) {
	ind := 360 * (level + 1)
	fmt.Fprintf(&d.b, `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:ind w:left="%d" w:hanging="240"/></w:pPr>`, ind+240)
	d.b.WriteString(runs("• "+text, false))
	d.b.WriteString("</w:p>")
}

// textWidthTwips is the printable width of an A4 page with 2 cm margins.
const textWidthTwips = 11906 - 2*1134

func (d *docxBody) table(t table) {
	total := 0.0
	for _, w := range t.widths {
		total += w
	}
	cols := make([]int, len(t.widths))
	for i, w := range t.widths {
		cols[i] = int(w / total * textWidthTwips)
	}
	d.b.WriteString(`<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="5000" w:type="pct"/><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>`)
	for _, c := range cols {
		fmt.Fprintf(&d.b, `<w:gridCol w:w="%d"/>`, c)
	}
	d.b.WriteString("</w:tblGrid>")
	row := func(cells []string, header bool) {
		d.b.WriteString("<w:tr>")
		if header {
			d.b.WriteString("<w:trPr><w:tblHeader/></w:trPr>")
		}
		for i, c := range cols {
			v := ""
			if i < len(cells) {
				v = cells[i]
			}
			fmt.Fprintf(&d.b, `<w:tc><w:tcPr><w:tcW w:w="%d" w:type="dxa"/>`, c)
			if header {
				d.b.WriteString(`<w:shd w:val="clear" w:color="auto" w:fill="DDEBF7"/>`)
			}
			d.b.WriteString("</w:tcPr><w:p>" + runs(v, header) + "</w:p></w:tc>")
		}
		d.b.WriteString("</w:tr>")
	}
	row(t.headers, true)
	for _, r := range t.rows {
		row(r, false)
	}
	d.b.WriteString("</w:tbl><w:p/>")
}

// docxPictureRel is the relationship id of the diagram picture.
const docxPictureRel = "rIdDiagram"

// docxPicture is the diagram as a PNG and its size on the page.
type docxPicture struct {
	png    []byte
	cx, cy int // EMU
}

// Picture bounds: the printable width and height of the page, and the
// pixels of the PNG (a sharp print at page width without a heavy file).
const (
	emuPerTwip       = 635
	textHeightTwips  = 16838 - 2*1134
	docxPictureMaxPx = 4000.0
)

// newDocxPicture rasterises the diagram for the Word document: up to twice
// its own size, at most docxPictureMaxPx on its longer side, shown at its
// natural size (96 px per inch) or shrunk to fit the page.
func newDocxPicture(r Request, g *diagram) (*docxPicture, error) {
	w, h := g.Max.X-g.Min.X+20, g.Max.Y-g.Min.Y+20
	s := math.Min(2, docxPictureMaxPx/math.Max(w, h))
	s = fitScale(w, h, s)
	img, err := rasterise(r.context(), drawOn(g, s))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	const emuPerPx = 9525
	cx, cy := w*emuPerPx, h*emuPerPx
	maxW, maxH := float64(textWidthTwips*emuPerTwip), float64(textHeightTwips*emuPerTwip)*0.85
	if f := math.Min(maxW/cx, maxH/cy); f < 1 {
		cx, cy = cx*f, cy*f
	}
	return &docxPicture{png: b.Bytes(), cx: int(cx), cy: int(cy)}, nil
}

// picture writes the diagram as an inline picture in its own centred
// paragraph, with a caption above it.
func (d *docxBody) picture(p *docxPicture, title string) {
	d.para("Heading1", "Process diagram", false)
	fmt.Fprintf(&d.b, `<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:drawing>`+
		`<wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="%d" cy="%d"/>`+
		`<wp:docPr id="1" name="Process diagram" descr="%s"/>`+
		`<wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr>`+
		`<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">`+
		`<pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="diagram.png"/><pic:cNvPicPr/></pic:nvPicPr>`+
		`<pic:blipFill><a:blip r:embed="%s"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>`+
		`<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="%d" cy="%d"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>`+
		`</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`,
		p.cx, p.cy, esc("BPMN diagram of "+title), docxPictureRel, p.cx, p.cy)
}

func (d *docxBody) document() string {
	return xml.Header + `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"` +
		` xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>` +
		d.b.String() +
		`<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr></w:body></w:document>`
}

const docxContentTypes = xml.Header + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
	`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
	`<Default Extension="xml" ContentType="application/xml"/>` +
	`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
	`<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
	`<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
	`<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>` +
	`</Types>`

const docxRels = xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
	`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
	`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>` +
	`<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>` +
	`</Relationships>`

const docxDocRels = xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
	`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
	`</Relationships>`

const docxApp = xml.Header + `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>SPADE</Application></Properties>`

func docxCore(title string) string {
	return xml.Header + `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
		`<dc:title>` + esc(title) + `</dc:title><dc:creator>SPADE</dc:creator></cp:coreProperties>`
}

const docxStyles = xml.Header + `<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
	`<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Calibri"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-GB"/></w:rPr></w:rPrDefault>` +
	`<w:pPrDefault><w:pPr><w:spacing w:after="120" w:line="264" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>` +
	`<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>` +
	`<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="240"/></w:pPr><w:rPr><w:b/><w:color w:val="1F3864"/><w:sz w:val="48"/><w:szCs w:val="48"/></w:rPr></w:style>` +
	`<w:style w:type="paragraph" w:styleId="Subtitle"><w:name w:val="Subtitle"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:rPr><w:color w:val="595959"/></w:rPr></w:style>` +
	`<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:spacing w:before="360" w:after="120"/><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:color w:val="2F5496"/><w:sz w:val="30"/><w:szCs w:val="30"/></w:rPr></w:style>` +
	`<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="60"/></w:pPr></w:style>` +
	`<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>` +
	`<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr><w:tblPr><w:tblBorders>` +
	`<w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/>` +
	`</w:tblBorders></w:tblPr></w:style>` +
	`</w:styles>`
