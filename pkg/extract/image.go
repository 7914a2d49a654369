package extract

import (
	"bytes"
	"fmt"
	"image"
	_ "image/gif"  // header readers for DecodeConfig
	_ "image/jpeg" // (registration is the image package's design,
	_ "image/png"  // these imports hold no state of ours)
	"strings"

	_ "golang.org/x/image/webp"

	"github.com/spade-bpmn/spade/pkg/failure"
)

// DefaultMaxPixels is the picture budget of an analysis: 40 megapixels
// (a 48 MP phone photo must be scaled down first). The built-in picture
// reader holds about 9 bytes per pixel while it works (measured: 550 MB
// for 60 MP), so this keeps one picture near 350 MB.
const DefaultMaxPixels = 40_000_000

// DemoMaxPixels is the anonymous demo's picture budget (12 megapixels,
// a usual phone photo).
const DemoMaxPixels = 12_000_000

// CheckImage reads only the header of an uploaded picture and refuses it
// when it declares more than maxPixels pixels (or an impossible size),
// before anything decodes it: a 58 KB PNG can declare 60 megapixels, and
// decoding allocates for every one of them. Headers this package cannot
// read (HEIC, HEIF) pass: the AI providers read them remotely, and the
// built-in reader refuses them with its own detail. demo words the detail
// for the anonymous demo.
func CheckImage(data []byte, maxPixels int64, demo bool) error {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if kind := pictureKind(data); kind != "" {
			// Go's readers refuse sizes that overflow, so a header that
			// cannot be read is damaged or declares an impossible size.
			return failure.Permanent(fmt.Sprintf("The picture's %s header cannot be read (it is damaged or declares an impossible size). "+
				"Open it in an image editor, export it again as PNG or JPEG, and upload that.", kind),
				fmt.Errorf("image: %s header: %w", kind, err))
		}
		return nil
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	if w <= 0 || h <= 0 {
		return failure.Permanent(fmt.Sprintf("The picture's %s header gives its size as %d × %d pixels, so the file is damaged. "+
			"Open it in an image editor, export it again as PNG or JPEG, and upload that.", strings.ToUpper(format), w, h),
			fmt.Errorf("image: %s header declares %d×%d", format, w, h))
	}
	if w > maxPixels || h > maxPixels || w*h > maxPixels {
		note := ""
		if demo {
			note = " in the demo (an account allows more)"
		}
		return failure.Permanent(fmt.Sprintf("The picture is %d × %d pixels (%.1f megapixels); the limit is %d megapixels%s. "+
			"Scale it down or crop it to the diagram, then upload it again.", w, h, float64(w)*float64(h)/1e6, maxPixels/1_000_000, note),
			fmt.Errorf("image: %s %d×%d over %d pixels", format, w, h, maxPixels))
	}
	return nil
}

// pictureKind names the format of data by its signature, for the formats
// whose headers CheckImage reads; "" for anything else.
func pictureKind(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return "PNG"
	case bytes.HasPrefix(data, []byte("\xff\xd8")):
		return "JPEG"
	case bytes.HasPrefix(data, []byte("GIF8")):
		return "GIF"
	case len(data) >= 12 && bytes.HasPrefix(data, []byte("RIFF")) && string(data[8:12]) == "WEBP":
		return "WEBP"
	}
	return ""
}
