package api

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// TestReadUploadStatuses pins ReadUpload's status and detail for each
// way an upload is accepted or refused (the body limits are in
// TestUploadBodyLimits).
func TestReadUploadStatuses(t *testing.T) {
	kind := UploadKind{Noun: "document", Limit: 1 << 10, TypeMessage: "wrong type", Fields: []string{"analysis_type"},
		Detect: func(name string, _ []byte) (string, error) {
			switch name {
			case "bad.bin":
				return "", errors.New("unknown")
			case "odd.bin":
				return "", failure.Permanent("That is a spreadsheet.", errors.New("xlsx"))
			}
			return "text/plain", nil
		},
		Normalize: func(data []byte) ([]byte, error) {
			switch string(data) {
			case "FAIL":
				return nil, failure.Permanent("The file could not be converted.", errors.New("utf-16"))
			case "OOPS":
				return nil, errors.New("converter crashed")
			}
			return bytes.ToUpper(data), nil
		}}
	srv := uploadServer(t, kind)
	url := srv.URL + "/api/upload"
	file := part{"file", "a.txt", []byte("text")}
	form := func(ps ...part) func() (io.Reader, string) {
		return func() (io.Reader, string) {
			b, ct := formBody(t, ps...)
			return bytes.NewReader(b), ct
		}
	}
	raw := func(body, ct string) func() (io.Reader, string) {
		return func() (io.Reader, string) { return strings.NewReader(body), ct }
	}
	const boundary = "xyzboundary"
	checkUploads(t, url, []uploadCase{
		{"accepted, normalized, name cleaned", form(part{"analysis_type", "", []byte("document")}, part{"file", `..\dir/a b.txt`, []byte("text")}), 200,
			`{"fields":{"analysis_type":"document"},"name":"a b.txt","size":4}`},
		{"not multipart", raw(`{"file":"x"}`, "application/json"), 400, fileFieldHelp},
		{"no content type", raw("x", ""), 400, fileFieldHelp},
		{"multipart without a boundary", raw("x", "multipart/form-data"), 400, "The upload could not be read. Please try again."},
		{"cut off", raw("--"+boundary+"\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\ntext", "multipart/form-data; boundary="+boundary), 400,
			"The upload was cut off or malformed. Please try again."},
		{"no parts", raw("--"+boundary+"--\r\n", "multipart/form-data; boundary="+boundary), 400, "Please select a document file to analyze."},
		{"only a field", form(part{"analysis_type", "", []byte("document")}), 400, "Please select a document file to analyze."},
		{"two files", form(file, file), 400, "Please upload only one document at a time"},
		{"a file after one over the limit", form(part{"file", "a.txt", bytes.Repeat([]byte("a"), 2<<10)}, file), 400, "Please upload only one document at a time"},
		{"over the limit", form(part{"file", "a.txt", bytes.Repeat([]byte("a"), 2<<10)}), 413, "File size (0.0MB) exceeds 0MB limit"},
		{"empty file", form(part{"file", "a.txt", nil}), 400, "The file is empty. Please choose a file with content."},
		{"type refused", form(part{"file", "bad.bin", []byte("x")}), 415, "wrong type"},
		{"type refused with a reason", form(part{"file", "odd.bin", []byte("x")}), 415, "That is a spreadsheet."},
		{"normalize refused with a reason", form(part{"file", "a.txt", []byte("FAIL")}), 400, "The file could not be converted."},
		{"normalize failed", form(part{"file", "a.txt", []byte("OOPS")}), 500, ""},
	})
}
