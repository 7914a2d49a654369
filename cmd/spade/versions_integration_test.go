package main

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
)

// TestRefineAndVersionsThroughAPI refines a finished analysis in words with
// the built-in grammar, lists, opens, compares and restores its versions,
// and checks that two refinements on the same base give one 201 and one
// 409 and that a refused instruction stores nothing.
func TestRefineAndVersionsThroughAPI(t *testing.T) {
	t.Parallel()
	s := setup(t, stackOptions{SignIn: true})
	code, v, body := s.upload("/api/analyze", "invoice.txt", []byte(sampleTXT))
	if code != http.StatusAccepted {
		t.Fatalf("upload: %d %s", code, body)
	}
	done := s.waitFor(v.ID, 2*time.Minute, finished)
	if done.Status != analysis.StatusCompleted || done.Version != 1 || done.Edited {
		t.Fatalf("analysis: status %s version %d edited %v", done.Status, done.Version, done.Edited)
	}
	base := "/api/analyses/" + v.ID
	base0 := base

	// Where each element came from: sentences of the text with their elements.
	res0, src := s.do(http.MethodGet, base+"/source", nil, "")
	var trace struct {
		Text      string
		Coverage  float64
		Sentences []struct {
			Start, End int
			Text       string
			Elements   []string
		}
	}
	if err := json.Unmarshal(src, &trace); res0.StatusCode != http.StatusOK || err != nil || trace.Text == "" || trace.Coverage <= 0.3 {
		t.Fatalf("source: %d %v coverage %v %.300s", res0.StatusCode, err, trace.Coverage, src)
	}
	for _, st := range trace.Sentences {
		if trace.Text[st.Start:st.End] != st.Text {
			t.Fatalf("sentence offsets %d..%d do not cut %q", st.Start, st.End, st.Text)
		}
	}

	res, b := s.do(http.MethodGet, base+"/versions", nil, "")
	if res.StatusCode != http.StatusOK || !strings.Contains(string(b), `"source":"analysis"`) {
		t.Fatalf("versions: %d %s", res.StatusCode, b)
	}
	var model struct {
		Activities []struct{ ID, Name, Performer string }
	}
	_, mb := s.do(http.MethodGet, "/api/graph/"+v.ID, nil, "")
	if err := json.Unmarshal(mb, &model); err != nil || len(model.Activities) < 2 {
		t.Fatalf("model: %v %s", err, mb)
	}
	first := model.Activities[0]

	refine := func(base int, instruction string) (int, []byte) {
		body, _ := json.Marshal(map[string]any{"base_version": base, "instruction": instruction})
		res, b := s.do(http.MethodPost, "/api/analyses/"+v.ID+"/refine", strings.NewReader(string(body)), "application/json")
		return res.StatusCode, b
	}
	// Two refinements on version 1 at once: one stored, one told to reload.
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i, name := range []string{"Check the invoice twice", "Check it again"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = refine(1, "rename '"+first.Name+"' to '"+name+"'")
		}()
	}
	wg.Wait()
	if !(codes[0] == 201 && codes[1] == 409 || codes[0] == 409 && codes[1] == 201) {
		t.Fatalf("concurrent refinements answered %v, want one 201 and one 409", codes)
	}
	code, b = refine(2, "add step 'Archive invoice' after '"+model.Activities[len(model.Activities)-1].Name+"'")
	if code != http.StatusCreated || !strings.Contains(string(b), `"version":3`) || !strings.Contains(string(b), "+1 task") {
		t.Fatalf("add step: %d %s", code, b)
	}
	code, b = refine(3, "delete 'Approve the budget of the moon'")
	if code != http.StatusUnprocessableEntity || !strings.Contains(string(b), "no step") {
		t.Fatalf("refused refinement: %d %s", code, b)
	}
	code, b = refine(3, strings.Repeat("rename a to b; ", 2000))
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(string(b), "16 KB") {
		t.Fatalf("30 KB instruction: %d %s", code, b)
	}
	code, b = refine(3, "sing a song")
	if code != http.StatusUnprocessableEntity || !strings.Contains(string(b), "did not understand") {
		t.Fatalf("not understood: %d %s", code, b)
	}

	// Asked first, the same sentences are answered 200 with what refining
	// would do, and nothing is stored.
	for _, tc := range []struct {
		name, body string
		code       int
		want       string
	}{
		{"a command", `{"instruction":"rename 'Archive invoice' to 'Archive the invoice'"}`, 200, `"understood":true`},
		{"an unknown sentence", `{"instruction":"sing a song"}`, 200, `"understood":false`},
		{"the closest commands", `{"instruction":"sing a song"}`, 200, `"suggestions":["`},
		{"a missing element", `{"instruction":"delete 'Approve the budget of the moon'"}`, 200, "no step"},
		{"an empty instruction", `{"instruction":"  "}`, 400, "Write what to change"},
		{"no body", ``, 400, "detail"},
	} {
		res, b := s.do(http.MethodPost, base+"/refine/check", strings.NewReader(tc.body), "application/json")
		if res.StatusCode != tc.code || !strings.Contains(string(b), tc.want) {
			t.Errorf("check, %s: %d %s, want %d with %s", tc.name, res.StatusCode, b, tc.code, tc.want)
		}
	}

	cur := s.waitFor(v.ID, time.Second, func(analysis.View) bool { return true })
	if cur.Version != 3 || !cur.Edited || !strings.Contains(cur.FormattedText, "Archive invoice") {
		t.Fatalf("after refining: version %d edited %v text has step: %v", cur.Version, cur.Edited, strings.Contains(cur.FormattedText, "Archive invoice"))
	}
	res, x := s.do(http.MethodGet, "/api/bpmn/"+v.ID, nil, "")
	if res.StatusCode != http.StatusOK || !strings.Contains(string(x), "Archive invoice") {
		t.Fatalf("bpmn after refine: %d has step %v", res.StatusCode, strings.Contains(string(x), "Archive invoice"))
	}
	validateXSD(t, x)

	res, b = s.do(http.MethodGet, base+"/versions/3?compare=1", nil, "")
	if res.StatusCode != http.StatusOK || !strings.Contains(string(b), `"what":"added"`) || !strings.Contains(string(b), `"what":"renamed"`) {
		t.Fatalf("compare: %d %s", res.StatusCode, b)
	}
	restore := func(n int, body string) (int, string) {
		res, b := s.do(http.MethodPost, base+"/versions/"+strconv.Itoa(n)+"/restore", strings.NewReader(body), "application/json")
		return res.StatusCode, string(b)
	}
	// Restore is optimistic like a save: it names the latest version the
	// user saw, and the 409 names the right versions.
	for _, tc := range []struct {
		name, body string
		want       int
		detail     string
	}{
		{"no body", ``, http.StatusBadRequest, "base_version"},
		{"no base", `{}`, http.StatusBadRequest, "base_version"},
		{"old base", `{"base_version":2}`, http.StatusConflict, "You changed version 2, but version 3 has been saved since"},
		{"future base", `{"base_version":7}`, http.StatusConflict, "Version 7 does not exist yet: the latest version of this diagram is 3"},
	} {
		if code, b := restore(1, tc.body); code != tc.want || !strings.Contains(b, tc.detail) {
			t.Errorf("restore, %s: %d %s, want %d with %q", tc.name, code, b, tc.want, tc.detail)
		}
	}
	if code, b := restore(3, `{"base_version":3}`); code != http.StatusConflict || !strings.Contains(b, "Version 3 is already the latest") {
		t.Errorf("restore of the latest version: %d %s", code, b)
	}
	// Ten restores at once on the same base: one new version, nine told
	// to reload (no identical copies).
	rcodes := make([]int, 10)
	for i := range rcodes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rcodes[i], _ = restore(1, `{"base_version":3}`)
		}()
	}
	wg.Wait()
	created := 0
	for _, c := range rcodes {
		switch c {
		case http.StatusCreated:
			created++
		case http.StatusConflict:
		default:
			t.Errorf("concurrent restore answered %d", c)
		}
	}
	if created != 1 {
		t.Fatalf("concurrent restores: %d created (%v), want 1", created, rcodes)
	}
	cur = s.waitFor(v.ID, time.Second, func(analysis.View) bool { return true })
	if cur.Version != 4 || strings.Contains(cur.FormattedText, "Archive invoice") || cur.FormattedText != done.FormattedText {
		t.Fatalf("after restore: version %d, text equal to the original: %v", cur.Version, cur.FormattedText == done.FormattedText)
	}
	res, b = s.do(http.MethodGet, base+"/versions", nil, "")
	var list struct {
		Versions []struct {
			Version int
			Source  string
			Summary string
		}
	}
	_ = json.Unmarshal(b, &list)
	if res.StatusCode != http.StatusOK || len(list.Versions) != 4 || list.Versions[3].Source != "restore" {
		t.Fatalf("versions: %d %s", res.StatusCode, b)
	}
	// An edit in the diagram editor: the saved XML is kept as drawn, the
	// model converted from it feeds the text.
	_, x = s.do(http.MethodGet, "/api/bpmn/"+v.ID, nil, "")
	edited := strings.Replace(string(x), `name="`+first.Name+`"`, `name="Scan the invoice"`, 1)
	save := func(base int, xml string) (int, []byte) {
		body, _ := json.Marshal(map[string]any{"base_version": base, "bpmn_xml": xml})
		res, b := s.do(http.MethodPost, base0+"/versions", strings.NewReader(string(body)), "application/json")
		return res.StatusCode, b
	}
	if code, b := save(4, edited); code != http.StatusCreated || !strings.Contains(string(b), `"version":5`) || !strings.Contains(string(b), "1 task renamed") {
		t.Fatalf("save edit: %d %s", code, b)
	}
	cur = s.waitFor(v.ID, time.Second, func(analysis.View) bool { return true })
	if !strings.Contains(cur.FormattedText, "Scan the invoice") {
		t.Fatalf("formatted text after the edit lacks the new name:\n%s", cur.FormattedText)
	}
	if code, b := save(4, edited); code != http.StatusConflict || !strings.Contains(string(b), "You changed version 4, but version 5 has been saved since") {
		t.Fatalf("save on an old base: %d %s", code, b)
	}
	laughs := `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL">&lol2;</definitions>`
	var huge strings.Builder
	huge.WriteString(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"><process id="p">`)
	for i := range 20000 {
		huge.WriteString(`<task id="t` + strconv.Itoa(i) + `" name="Task"/>`)
	}
	huge.WriteString(`</process></definitions>`)
	for name, tc := range map[string]struct {
		xml  string
		want int
	}{
		"not BPMN":       {`<html><body>hello</body></html>`, http.StatusBadRequest},
		"billion laughs": {laughs, http.StatusBadRequest},
		"20,000 tasks":   {huge.String(), http.StatusBadRequest},
		"50 MB":          {strings.Repeat("x", 50<<20), http.StatusRequestEntityTooLarge},
	} {
		code, b := save(5, tc.xml)
		if code != tc.want || !strings.Contains(string(b), `"detail"`) {
			t.Errorf("%s: %d %.200s, want %d with a detail", name, code, b, tc.want)
		}
	}
	if after := s.waitFor(v.ID, time.Second, func(analysis.View) bool { return true }); after.Version != 5 {
		t.Errorf("refused saves stored a version: now %d", after.Version)
	}

	// An edit that breaks the logic (the first step now rejects the
	// invoice, which is still paid) gets a logic warning in the metadata
	// and the text; the next edit that mends it clears them.
	rejected := strings.Replace(edited, `name="Scan the invoice"`, `name="Reject the invoice"`, 1)
	if code, b := save(5, rejected); code != http.StatusCreated {
		t.Fatalf("save rejecting edit: %d %s", code, b)
	}
	cur = s.waitFor(v.ID, time.Second, func(analysis.View) bool { return true })
	if ws := cur.Metadata.Warnings; len(ws) == 0 || ws[0].Rule != "no-negative-to-positive" || ws[0].Element != "Reject the invoice" ||
		!strings.Contains(cur.FormattedText, "=== Logic Warnings ===") {
		t.Fatalf("after a rejecting edit: warnings %+v, text:\n%s", ws, cur.FormattedText)
	}
	if code, b := save(6, edited); code != http.StatusCreated {
		t.Fatalf("save mending edit: %d %s", code, b)
	}
	cur = s.waitFor(v.ID, time.Second, func(analysis.View) bool { return true })
	if len(cur.Metadata.Warnings) != 0 || strings.Contains(cur.FormattedText, "=== Logic Warnings ===") {
		t.Fatalf("after mending: warnings %+v", cur.Metadata.Warnings)
	}

	// The element cap of saves holds for refine and restore: a model of
	// 6,001 elements is refused before any work, and a change that would
	// take a model over 5,000 is refused with the count.
	bigModel := func(tasks int) string {
		m := map[string]any{"version": 2, "process_name": "Big"}
		var acts, flows []map[string]string
		for i := range tasks {
			acts = append(acts, map[string]string{"id": "a" + strconv.Itoa(i), "name": "Step " + strconv.Itoa(i)})
			if i > 0 {
				flows = append(flows, map[string]string{"id": "f" + strconv.Itoa(i), "source": "a" + strconv.Itoa(i-1), "target": "a" + strconv.Itoa(i)})
			}
		}
		m["activities"], m["flows"] = acts, flows
		b, _ := json.Marshal(m)
		return string(b)
	}
	setModel := func(js string) {
		if err := s.app.DB.DB.Model(&analysis.Analysis{}).Where("id = ?", v.ID).Update("model_json", js).Error; err != nil {
			t.Fatal(err)
		}
	}
	setModel(bigModel(3001)) // 3,001 tasks and 3,000 flows
	if code, b := refine(7, "rename 'Step 1' to 'First'"); code != http.StatusBadRequest || !strings.Contains(string(b), "This diagram has 6001 elements") || !strings.Contains(string(b), "up to 5000") {
		t.Errorf("refine of 6,001 elements: %d %s", code, b)
	}
	setModel(bigModel(2500)) // 4,999 elements
	if code, b := refine(7, "add step 'Archive' after 'Step 2499'"); code != http.StatusBadRequest || !strings.Contains(string(b), "After this change the diagram would have 50") {
		t.Errorf("refine over the cap: %d %s", code, b)
	}
	if after := s.waitFor(v.ID, time.Second, func(analysis.View) bool { return true }); after.Version != 7 {
		t.Errorf("refused refinements stored a version: now %d", after.Version)
	}

	for _, bad := range []struct {
		path, body string
		want       int
	}{
		{base + "/versions/9", "", http.StatusNotFound},
		{base + "/versions/x", "", http.StatusBadRequest},
		{"/api/analyses/nope/versions", "", http.StatusNotFound},
	} {
		res, b := s.do(http.MethodGet, bad.path, nil, "")
		if res.StatusCode != bad.want || !strings.Contains(string(b), `"detail"`) {
			t.Errorf("GET %s = %d %s, want %d with a detail", bad.path, res.StatusCode, b, bad.want)
		}
	}
}
