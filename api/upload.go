package api

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/extract"
	"github.com/spade-bpmn/spade/pkg/failure"
)

// UploadKind describes what an upload endpoint accepts.
type UploadKind struct {
	Noun string // "document", "image"
	// Limit is the largest file in bytes; the Server sets it from config
	// (WithLimit), so the limit enforced is the one /api/config advertises.
	Limit       int64
	TypeMessage string
	// Detect returns the content type of an acceptable file, or an error.
	Detect func(filename string, head []byte) (string, error)
	// Fields names the small form fields accepted beside the file; any
	// other field is refused before it is read.
	Fields []string
	// Normalize, when set, rewrites an accepted file before it is stored
	// (a UTF-16 BPMN file becomes UTF-8, which the reader expects).
	Normalize func(data []byte) ([]byte, error)
}

// Upload is a validated file.
type Upload struct {
	Filename    string
	ContentType string
	Data        []byte
}

// Upload kinds of the analyzers, with config's default limits; a Server
// uses the configured ones (uploadKinds).
var (
	DocumentUpload = UploadKind{Noun: "document", Limit: config.DefaultMaxDocumentBytes,
		TypeMessage: "Please upload a PDF, DOC, DOCX, or TXT file", Detect: detectDocument}
	ImageUpload = UploadKind{Noun: "image", Limit: config.DefaultMaxImageBytes,
		TypeMessage: imageTypeMessage, Detect: detectImage}
	BPMNUpload = UploadKind{Noun: "file", Limit: config.DefaultMaxBPMNBytes,
		TypeMessage: bpmnTypeMessage, Detect: detectBPMN, Normalize: bpmnUTF8}
)

// WithLimit returns the kind with another file limit.
func (k UploadKind) WithLimit(limit int64) UploadKind {
	k.Limit = limit
	return k
}

// LimitMB is the limit in whole megabytes, as error messages name it.
func (k UploadKind) LimitMB() int64 { return k.Limit >> 20 }

// uploadKinds are the upload kinds of one Server, limited as configured.
type uploadKinds struct{ document, image, bpmn, demo UploadKind }

// newUploadKinds applies cfg's limits (the defaults when cfg is nil).
func newUploadKinds(cfg *config.Config) uploadKinds {
	if cfg == nil {
		cfg = &config.Config{MaxDocumentBytes: config.DefaultMaxDocumentBytes, MaxImageBytes: config.DefaultMaxImageBytes,
			MaxBPMNBytes: config.DefaultMaxBPMNBytes, MaxDemoBytes: config.DefaultMaxDemoBytes}
	}
	return uploadKinds{
		document: DocumentUpload.WithLimit(cfg.MaxDocumentBytes),
		image:    ImageUpload.WithLimit(cfg.MaxImageBytes),
		bpmn:     BPMNUpload.WithLimit(cfg.MaxBPMNBytes),
		demo:     DemoUpload.WithLimit(cfg.MaxDemoBytes),
	}
}

const (
	imageTypeMessage = "Please upload a JPG, JPEG, PNG, WEBP, HEIC, or HEIF file"
	bpmnTypeMessage  = "Please upload a BPMN, XML, or JSON file (VSDX is not supported yet)"
)

// Multipart caps: a request carries one file and a handful of short
// fields; anything beyond is refused before it is buffered.
const (
	maxParts      = 8
	maxFieldBytes = 1 << 10
	fileField     = "file"
	fileFieldHelp = "Send the file as multipart/form-data in a field named 'file'."
)

// ReadUpload reads the one file of a multipart request, keeping at most
// kind.Limit+1 bytes in memory. The form fields named in kind.Fields are
// returned; any other field, a file in another field, too many parts or
// an over-long value are refused. The body itself is bounded by the
// server's body limit (the file limit plus a small margin).
func ReadUpload(c echo.Context, kind UploadKind) (*Upload, map[string]string, error) {
	r := c.Request()
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return nil, nil, errStatus(http.StatusBadRequest, fileFieldHelp)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, nil, errStatus(http.StatusBadRequest, "The upload could not be read. Please try again.")
	}
	pr := &partReader{kind: kind, declared: r.ContentLength, fields: map[string]string{}}
	if err := pr.readAll(mr); err != nil {
		return nil, nil, err
	}
	if err := accept(pr.up, kind); err != nil {
		return nil, nil, err
	}
	return pr.up, pr.fields, nil
}

// msgMalformed is the detail of a multipart body that cannot be read to
// its end.
const msgMalformed = "The upload was cut off or malformed. Please try again."

// partReader reads the parts of one upload: the fields kind names and
// the one file.
type partReader struct {
	kind UploadKind
	// declared is the request's Content-Length (-1 when not declared).
	declared int64
	fields   map[string]string
	up       *Upload
	// tooBig is the size of a file over the limit; -1 when the body limit
	// cut the count short (only a declared Content-Length tells more).
	tooBig int64
}

// readAll reads every part, at most maxParts, and refuses a file over
// the limit or none at all.
func (pr *partReader) readAll(mr *multipart.Reader) error {
	for parts := 0; ; parts++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if pr.tooBig != 0 || isTooLarge(err) {
				return fileTooLarge(pr.kind, max(pr.tooBig, pr.declared))
			}
			return errStatus(http.StatusBadRequest, msgMalformed)
		}
		if parts >= maxParts {
			return errStatus(http.StatusBadRequest, fmt.Sprintf("The upload has too many form fields. %s", fileFieldHelp))
		}
		if err := pr.read(part); err != nil {
			return err
		}
	}
	if pr.tooBig != 0 {
		return fileTooLarge(pr.kind, max(pr.tooBig, pr.declared))
	}
	if pr.up == nil {
		return errStatus(http.StatusBadRequest, fmt.Sprintf("Please select a %s file to analyze.", pr.kind.Noun))
	}
	return nil
}

// read reads one part: a form field or the file.
func (pr *partReader) read(part *multipart.Part) error {
	name := part.FormName()
	if name == "" {
		// Go's reader gives no name when the part's Content-Disposition
		// cannot be parsed (an unquoted file name with spaces, a stray
		// parameter): say that, not "unexpected field", which named a
		// field that was never sent.
		return errStatus(http.StatusBadRequest, "A part of the upload has a Content-Disposition header that could not be read (quote the field name and the file name). "+fileFieldHelp)
	}
	if part.FileName() == "" {
		return pr.readField(part, name)
	}
	return pr.readFile(part, name)
}

// readField keeps the value of a field the kind names, at most
// maxFieldBytes.
func (pr *partReader) readField(part *multipart.Part, name string) error {
	if !slices.Contains(pr.kind.Fields, name) {
		if name == fileField {
			return errStatus(http.StatusBadRequest, fmt.Sprintf("Please select a %s file to analyze.", pr.kind.Noun))
		}
		return errStatus(http.StatusBadRequest, fmt.Sprintf("Unexpected form field %q. %s", fieldName(name), fileFieldHelp))
	}
	v, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
	if err != nil {
		if isTooLarge(err) {
			return fileTooLarge(pr.kind, pr.declared)
		}
		return errStatus(http.StatusBadRequest, msgMalformed)
	}
	if len(v) > maxFieldBytes {
		return errStatus(http.StatusBadRequest, fmt.Sprintf("The form field %q is too long.", name))
	}
	pr.fields[name] = string(v)
	return nil
}

// readFile keeps the one file, or notes the size of one over the limit
// (refused once the parts are read, with its size).
func (pr *partReader) readFile(part *multipart.Part, name string) error {
	if name != fileField {
		return errStatus(http.StatusBadRequest, fileFieldHelp)
	}
	if pr.up != nil || pr.tooBig != 0 {
		return errStatus(http.StatusBadRequest, fmt.Sprintf("Please upload only one %s at a time", pr.kind.Noun))
	}
	data, n, err := readLimited(part, pr.kind.Limit)
	if err != nil {
		return errStatus(http.StatusBadRequest, msgMalformed)
	}
	if n > pr.kind.Limit || n < 0 {
		pr.tooBig = n
		return nil
	}
	pr.up = &Upload{Filename: cleanFilename(part.FileName()), Data: data}
	return nil
}

// accept refuses an empty file or one of a type the kind does not take,
// sets its content type and normalizes it.
func accept(up *Upload, kind UploadKind) error {
	if len(up.Data) == 0 {
		return errStatus(http.StatusBadRequest, "The file is empty. Please choose a file with content.")
	}
	ctype, err := kind.Detect(up.Filename, up.Data)
	if err != nil {
		if d, ok := failure.Detail(err); ok {
			return errStatus(http.StatusUnsupportedMediaType, d)
		}
		return errStatus(http.StatusUnsupportedMediaType, kind.TypeMessage)
	}
	up.ContentType = ctype
	if kind.Normalize != nil {
		if up.Data, err = kind.Normalize(up.Data); err != nil {
			if d, ok := failure.Detail(err); ok {
				return errStatus(http.StatusBadRequest, d)
			}
			return err
		}
	}
	return nil
}

// fieldName is a form field's name as a detail may quote it: valid UTF-8
// without control characters, at most 100 bytes. Unlike cleanFilename it
// keeps slashes and never turns an odd name into "upload".
func fieldName(name string) string {
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(name, "_"))
	if len(name) > 100 {
		name = strings.ToValidUTF8(name[:100], "") + "…"
	}
	return name
}

// readLimited keeps at most limit+1 bytes; past that it only counts so
// the error can say how big the file was. The count is -1 when the body
// limit stops it first.
func readLimited(p *multipart.Part, limit int64) ([]byte, int64, error) {
	var buf bytes.Buffer
	n, err := io.Copy(&buf, io.LimitReader(p, limit+1))
	if err != nil {
		if isTooLarge(err) {
			return nil, -1, nil
		}
		return nil, 0, err
	}
	if n <= limit {
		return buf.Bytes(), n, nil
	}
	rest, err := io.Copy(io.Discard, p)
	if isTooLarge(err) {
		return nil, -1, nil
	}
	return nil, n + rest, nil
}

// cleanFilename keeps the base name only, valid UTF-8, no control
// characters, at most 200 bytes.
func cleanFilename(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = path.Base(name)
	if !utf8.ValidString(name) {
		name = strings.ToValidUTF8(name, "_")
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == ".." || name == "/" {
		name = "upload"
	}
	for len(name) > 200 {
		ext := filepath.Ext(name)
		if len(ext) > 20 {
			ext = ""
		}
		_, size := utf8.DecodeLastRuneInString(name[:len(name)-len(ext)])
		name = name[:len(name)-len(ext)-size] + ext
	}
	return name
}

func detectDocument(filename string, head []byte) (string, error) {
	f, err := extract.Detect(filename, head)
	if err != nil {
		// Word saves a password-protected DOCX inside an OLE2 container:
		// say so instead of calling it the wrong type.
		if strings.EqualFold(filepath.Ext(filename), ".docx") && bytes.HasPrefix(head, []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")) {
			return "", failure.Permanent("This Word document is password-protected. Remove the password, save it again, and upload it.", err)
		}
		return "", err
	}
	switch f {
	case extract.FormatPDF:
		return "application/pdf", nil
	case extract.FormatDOCX:
		return "application/vnd.openxmlformats-officedocument.wordprocessingml.document", nil
	case extract.FormatDOC:
		return "application/msword", nil
	}
	return "text/plain", nil
}

func detectImage(filename string, head []byte) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(filename), "."))
	var want string
	switch {
	case len(head) >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF:
		want = "image/jpeg"
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		want = "image/png"
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		want = "image/webp"
	case len(head) >= 12 && string(head[4:8]) == "ftyp":
		switch string(head[8:12]) {
		case "heic", "heix", "hevc", "hevx", "heim", "heis":
			want = "image/heic"
		case "mif1", "msf1", "heif":
			want = "image/heif"
		}
	}
	ok := map[string][]string{
		"jpg": {"image/jpeg"}, "jpeg": {"image/jpeg"}, "png": {"image/png"}, "webp": {"image/webp"},
		"heic": {"image/heic", "image/heif"}, "heif": {"image/heif", "image/heic"},
	}[ext]
	for _, t := range ok {
		if t == want {
			return want, nil
		}
	}
	return "", failure.Permanent(imageTypeMessage, nil)
}

func detectBPMN(filename string, head []byte) (string, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(filename), "."))
	if h, ok := extract.DecodeUTF16BOM(head[:min(len(head), 512)&^1]); ok {
		// Modellers on Windows save UTF-16 with a byte order mark; the
		// file is converted to UTF-8 before it is stored (bpmnUTF8).
		head = []byte(h)
	}
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n")
	switch ext {
	case "bpmn", "xml":
		if bytes.HasPrefix(trimmed, []byte("<")) {
			return "application/xml", nil
		}
	case "json":
		if bytes.HasPrefix(trimmed, []byte("{")) {
			return "application/json", nil
		}
	case "vsdx":
		return "", failure.Permanent("VSDX is not supported yet. Export the diagram from Visio as BPMN 2.0 XML and upload that file.", nil)
	}
	return "", failure.Permanent(bpmnTypeMessage, nil)
}

// bpmnUTF8 is BPMNUpload's Normalize: a UTF-16 file (with its byte order
// mark) becomes UTF-8, and its XML declaration says so; other files are
// kept as they are.
func bpmnUTF8(data []byte) ([]byte, error) {
	text, ok := extract.DecodeUTF16BOM(data)
	if !ok {
		return data, nil
	}
	if len(data)%2 != 0 {
		return nil, failure.Permanent("This BPMN file is UTF-16 but ends in half a character: it is cut off or damaged. Save it again (as UTF-8 if the tool offers it) and upload it.", nil)
	}
	out := []byte(text)
	if !bytes.HasPrefix(out, []byte("<?xml")) {
		return out, nil
	}
	end := bytes.Index(out, []byte("?>"))
	if end < 0 {
		return out, nil
	}
	decl := string(out[:end])
	i := strings.Index(strings.ToLower(decl), "encoding=")
	if i < 0 || i+len("encoding=") >= len(decl) {
		return out, nil
	}
	q := decl[i+len("encoding=")]
	j := strings.IndexByte(decl[i+len("encoding=")+1:], q)
	if (q != '"' && q != '\'') || j < 0 {
		return out, nil
	}
	start := i + len("encoding=") + 1
	if !strings.HasPrefix(strings.ToLower(decl[start:start+j]), "utf-16") {
		return out, nil
	}
	fixed := decl[:start] + "UTF-8" + decl[start+j:]
	return append([]byte(fixed), out[end:]...), nil
}
