package llm

import (
	"strings"
	"unicode/utf8"
)

// DefaultContextTokens is the window assumed for a model SPADE does not
// know: what current open models served by vLLM or LM Studio offer at
// least. A server configured smaller (Ollama's num_ctx) needs
// SPADE_LLM_CONTEXT_TOKENS, else it answers with a context-length error.
const DefaultContextTokens = 32_768

// knownWindows are published context windows by model-name prefix, longest
// prefix first where prefixes overlap.
var knownWindows = []struct {
	prefix string
	tokens int
}{
	{"gemini-1.5-pro", 2_097_152},
	{"gemini-", 1_048_576},
	{"gpt-4.1", 1_047_576},
	{"gpt-5", 400_000},
	{"gpt-4o", 128_000},
	{"gpt-4-turbo", 128_000},
	{"gpt-4", 8_192},
	{"gpt-3.5-turbo", 16_385},
	{"o1", 200_000},
	{"o3", 200_000},
	{"o4", 200_000},
	{"llama3.1", 128_000},
	{"llama3.2", 128_000},
	{"llama3.3", 128_000},
	{"qwen2.5", 32_768},
	{"qwen3", 32_768},
	{"mistral", 32_768},
}

// ContextTokens returns the context window of model: configured (> 0)
// wins, else the published window of a known model, else
// DefaultContextTokens.
func ContextTokens(configured int, model string) int {
	if configured > 0 {
		return configured
	}
	m := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexByte(m, '/'); i >= 0 {
		m = m[i+1:] // "models/gemini-…", "Qwen/Qwen2.5-7B-Instruct"
	}
	for _, k := range knownWindows {
		if strings.HasPrefix(m, k.prefix) {
			return k.tokens
		}
	}
	return DefaultContextTokens
}

// EstimateTokens is a close, slightly high estimate of the tokens text
// takes in the BPE vocabularies of current models: about 4 characters per
// token for English and other Latin-script text (3.5 here, to cover
// punctuation and numbers), about one token per character for CJK and
// other scripts. Erring high only means an extra section; erring low means
// a refused call.
func EstimateTokens(text string) int {
	ascii, other := 0, 0
	for i := 0; i < len(text); {
		if text[i] < utf8.RuneSelf {
			ascii++
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		other++
		i += n
	}
	return ascii*2/7 + other + 1
}
