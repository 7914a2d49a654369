package llm

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/spade-bpmn/spade/pkg/process"
)

// PromptVersion identifies the instruction and schema a model was asked
// with: a hash of the system instruction, the JSON schema and the user
// prompt's wording. Any change to them changes it, so cached answers to an
// older prompt are not reused.
func PromptVersion() string {
	schema, err := json.Marshal(process.JSONSchema())
	if err != nil {
		panic("llm: process schema does not marshal: " + err.Error()) // static data: a bug
	}
	h := sha256.New()
	h.Write([]byte(SystemInstruction()))
	h.Write([]byte{0})
	h.Write(schema)
	h.Write([]byte{0})
	h.Write([]byte(UserPrompt(Input{Kind: KindDocument, Text: "x"})))
	h.Write([]byte{0})
	h.Write([]byte(UserPrompt(Input{Kind: KindImage, Text: "x"})))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// CacheKey is the result-cache key of in for a provider and model: the
// content hash of the extracted input (text, or image bytes and type), the
// provider, the model and the prompt version. The file name and the key
// used are not part of it: the same content asks the same question.
func CacheKey(provider, model string, in Input) string {
	content := sha256.New()
	content.Write([]byte(in.Kind))
	content.Write([]byte{0})
	if in.Kind == KindImage {
		content.Write([]byte(in.MIMEType))
		content.Write([]byte{0})
		content.Write(in.Image)
		content.Write([]byte{0})
	}
	content.Write([]byte(in.Text))
	h := sha256.New()
	fmt.Fprintf(h, "spade-llm-result-v1\x00%s\x00%s\x00%s\x00%x", provider, model, PromptVersion(), content.Sum(nil))
	return hex.EncodeToString(h.Sum(nil))
}
