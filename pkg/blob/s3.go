package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
)

// s3Options is what an s3:// URL says.
type s3Options struct {
	bucket, prefix, endpoint, region string
	pathStyle                        bool
}

// parseS3 reads s3://bucket?endpoint=…&region=…&use_path_style=true&prefix=….
// Credentials never go in the URL: the SDK's usual chain finds them
// (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, shared files, instance roles).
func parseS3(u *url.URL) (s3Options, error) {
	o := s3Options{bucket: u.Host}
	if o.bucket == "" {
		return o, errors.New("s3 url needs a bucket: s3://bucket?…")
	}
	if u.User != nil {
		return o, errors.New("s3 url must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
	}
	q := u.Query()
	for k := range q {
		switch k {
		case "endpoint", "region", "use_path_style", "prefix":
		default:
			return o, fmt.Errorf("s3 url: unknown parameter %q (want endpoint, region, use_path_style, prefix)", k)
		}
	}
	o.endpoint = q.Get("endpoint")
	if o.endpoint != "" {
		e, err := url.Parse(o.endpoint)
		if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" {
			return o, fmt.Errorf("s3 url: endpoint %q: want http(s)://host:port", o.endpoint)
		}
	}
	o.region = q.Get("region")
	if o.region == "" {
		o.region = "us-east-1"
	}
	if v := q.Get("use_path_style"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return o, fmt.Errorf("s3 url: use_path_style=%q: want true or false", v)
		}
		o.pathStyle = b
	}
	o.prefix = strings.TrimLeft(q.Get("prefix"), "/")
	return o, nil
}

// s3Store keeps each blob as one object, prefix+key.
type s3Store struct {
	c      *s3.Client
	bucket string
	prefix string
}

func openS3(ctx context.Context, u *url.URL) (*s3Store, error) {
	o, err := parseS3(u)
	if err != nil {
		return nil, err
	}
	cfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(o.region))
	if err != nil {
		return nil, fmt.Errorf("s3 config: %w", err)
	}
	c := s3.NewFromConfig(cfg, func(so *s3.Options) {
		if o.endpoint != "" {
			so.BaseEndpoint = aws.String(o.endpoint)
		}
		so.UsePathStyle = o.pathStyle
		// The SDK's default checksums (CRC32 trailers since 2025) are not
		// understood by every S3-compatible store; send them only where
		// the API requires them.
		so.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
		so.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})
	return &s3Store{c: c, bucket: o.bucket, prefix: o.prefix}, nil
}

// classify maps SDK errors to ErrNotFound or ErrUnavailable.
func classify(err error) error {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		switch ae.ErrorCode() {
		case "NoSuchKey", "NotFound":
			return ErrNotFound
		}
	}
	return fmt.Errorf("%w: %v", ErrUnavailable, err)
}

func (s *s3Store) put(ctx context.Context, key string, r io.Reader, size int64) error {
	// Request signing over plain HTTP hashes the body first, so the SDK
	// needs to rewind it. A non-seekable stream (a copy from another
	// store) is spooled to a temporary file, not to memory.
	rs, ok := r.(io.ReadSeeker)
	if !ok || size < 0 {
		f, err := os.CreateTemp("", "spade-blob-*")
		if err != nil {
			return fmt.Errorf("spool: %w", err)
		}
		defer os.Remove(f.Name())
		defer f.Close()
		n, err := io.Copy(f, r)
		if err != nil {
			return fmt.Errorf("spool: %w", err)
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("spool: %w", err)
		}
		rs, size = f, n
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	_, err := s.c.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(s.bucket), Key: aws.String(s.prefix + key),
		Body: rs, ContentLength: aws.Int64(size),
	})
	if err != nil {
		return classify(err)
	}
	return nil
}

func (s *s3Store) open(ctx context.Context, key string) (io.ReadCloser, error) {
	out, err := s.c.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(s.prefix + key)})
	if err != nil {
		return nil, classify(err)
	}
	return out.Body, nil
}

func (s *s3Store) size(ctx context.Context, key string) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := s.c.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(s.prefix + key)})
	if err != nil {
		return 0, classify(err)
	}
	return aws.ToInt64(out.ContentLength), nil
}

func (s *s3Store) del(ctx context.Context, key string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := s.c.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(s.prefix + key)})
	if err != nil {
		if e := classify(err); errors.Is(e, ErrNotFound) {
			return nil
		}
		return classify(err)
	}
	return nil
}

func (s *s3Store) list(ctx context.Context, fn func(key string, modified time.Time) error) error {
	p := s3.NewListObjectsV2Paginator(s.c, &s3.ListObjectsV2Input{Bucket: aws.String(s.bucket), Prefix: aws.String(s.prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return classify(err)
		}
		for _, o := range page.Contents {
			k := strings.TrimPrefix(aws.ToString(o.Key), s.prefix)
			if strings.Contains(k, "/") {
				continue
			}
			if err := fn(k, aws.ToTime(o.LastModified)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *s3Store) ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := s.c.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(s.bucket)}); err != nil {
		return classify(err)
	}
	return nil
}
