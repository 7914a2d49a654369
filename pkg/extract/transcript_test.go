package extract

import (
	"slices"
	"testing"

	"github.com/spade-bpmn/spade/pkg/extract/extracttest"
)

func TestSpeakerOf(t *testing.T) {
	tests := []struct {
		line string
		want string // "" = not a speaker line
	}{
		{"Anna: We start with the order.", "Anna"},
		{"Dr. Brian O'Neil: fine", "Dr. Brian O'Neil"},
		{"[00:01:02] Anna: then we check", "Anna"},
		{"(01:02) Speaker 2: ok", "Speaker 2"},
		{"00:01:02 Bob Smith: yes", "Bob Smith"},
		{"00:01:02.500 - Bob: yes", "Bob"},
		{"Chen Wei [00:03:10]: agreed", "Chen Wei"},
		{"Interviewer:", "Interviewer"},
		{"JOSÉ GARCÍA: hola", "JOSÉ GARCÍA"},
		{"Note: this is a remark", ""},
		{"See https://example.com for details", ""},
		{"https://example.com: link", ""},
		{"The meeting started at 10:30 and lasted long", ""},
		{"This sentence has far too many words before: colon", ""},
		{"Time: 10:00", ""},
		{"12:30: lunch", ""},
	}
	for _, tt := range tests {
		got, ok := speakerOf(tt.line)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("speakerOf(%q) = %q, %v; want %q", tt.line, got, ok, tt.want)
		}
	}
}

func TestTranscriptTXT(t *testing.T) {
	text := "Meeting about purchasing\n\n" +
		"[00:00:05] Anna: We receive the request by e-mail.\n" +
		"[00:00:12] Bob: Then I check the budget in SAP.\n" +
		"It takes about two hours.\n" +
		"[00:01:40] anna: If it is over 5000 EUR the director approves.\n" +
		"[00:02:00] Carla: Meanwhile purchasing asks for quotes.\n"
	tests := []struct {
		name     string
		file     string
		data     []byte
		format   Format
		speakers []string
	}{
		{"txt", "call.txt", []byte(text), FormatTranscript, []string{"Anna", "Bob", "Carla"}},
		{"utf16 txt", "call.txt", utf16Bytes(text, false), FormatTranscript, []string{"Anna", "Bob", "Carla"}},
		{"docx", "call.docx", extracttest.DOCX(extracttest.P("Alice: Hello")+extracttest.P("Bert: Hi there")+extracttest.P("Alice: Let us begin"), nil),
			FormatTranscript, []string{"Alice", "Bert"}},
		{"plain prose stays txt", "p.txt", []byte("Note: read this.\nThe clerk checks the invoice.\nThen the manager approves it.\n"), FormatTXT, nil},
		{"a single label is not a conversation", "p.txt", []byte("Anna: hello"), FormatTXT, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, tt.file, tt.data)
			if d.Format != tt.format || !slices.Equal(d.Speakers, tt.speakers) {
				t.Errorf("format %q speakers %q; want %q %q", d.Format, d.Speakers, tt.format, tt.speakers)
			}
			if tt.format == FormatTranscript && tt.name != "docx" && !containsLine(d.Text, "[00:00:05] Anna: We receive the request by e-mail.") {
				t.Errorf("timestamps not kept: %q", d.Text)
			}
		})
	}
}

func containsLine(text, line string) bool {
	return slices.Contains(textLines(text), line)
}

func textLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
