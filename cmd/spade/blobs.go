package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/config"
)

const blobsUsage = `usage: spade blobs migrate --to URL [--from URL]

Copies every stored upload from one store to another, for example from the
data dir to S3-compatible object storage before setting SPADE_BLOB_URL.
Uploads already in the target with the same size are skipped, so running it
again after an interruption finishes the job. Nothing is deleted.

flags:
`

// cmdBlobs is `spade blobs`.
func cmdBlobs(ctx context.Context, args []string) error {
	return runBlobs(ctx, args, os.Stdout)
}

func runBlobs(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 || args[0] != "migrate" {
		fmt.Fprint(out, blobsUsage)
		return errors.New("want: spade blobs migrate --to URL")
	}
	cfg, err := config.Load("text")
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("blobs migrate", flag.ContinueOnError)
	fs.SetOutput(out)
	from := fs.String("from", cfg.BlobURL, "source store URL (default: SPADE_BLOB_URL, or the data dir's uploads)")
	to := fs.String("to", "", "target store URL: file:///path or s3://bucket?endpoint=…&region=…&use_path_style=true (required)")
	fs.Usage = func() {
		fmt.Fprint(out, blobsUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *to == "" {
		fs.Usage()
		return errors.New("--to is required")
	}
	if err := blob.Validate(*to); err != nil {
		return fmt.Errorf("--to %s: %w", blob.Redact(*to), err)
	}
	src, err := blob.Open(ctx, *from, filepath.Join(cfg.DataDir, "uploads"))
	if err != nil {
		return err
	}
	dst, err := blob.Open(ctx, *to, "")
	if err != nil {
		return err
	}
	if err := dst.Ping(ctx); err != nil {
		return err
	}
	st, err := blob.Migrate(ctx, src, dst, nil)
	fmt.Fprintf(out, "copied %d uploads (%d bytes), %d already there, from %s to %s\n", st.Copied, st.Bytes, st.Skipped, src, dst)
	return err
}
