package media

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"

	"github.com/strata-maps/strata/internal/domain"
	"github.com/strata-maps/strata/internal/mediastore"
	"github.com/strata-maps/strata/internal/store"
)

// allowedTypes are the content types accepted, decided from the bytes
// (mimetype), with the media type each is.
var allowedTypes = map[string]domain.MediaType{
	"image/jpeg": domain.MediaImage, "image/png": domain.MediaImage, "image/gif": domain.MediaImage, "image/webp": domain.MediaImage,
	"image/svg+xml": domain.MediaVector,
	"video/mp4":     domain.MediaVideo, "video/webm": domain.MediaVideo, "video/quicktime": domain.MediaVideo,
	"audio/mpeg": domain.MediaAudio, "audio/ogg": domain.MediaAudio, "audio/wav": domain.MediaAudio, "audio/flac": domain.MediaAudio,
	"audio/aac": domain.MediaAudio, "audio/x-m4a": domain.MediaAudio, "audio/mp4": domain.MediaAudio, "audio/webm": domain.MediaAudio,
	"application/pdf": domain.MediaOther,
}

// sniff decides a file's content type from its first bytes, and whether
// it is taken.
func sniff(head []byte) (string, domain.MediaType, bool) {
	ct, _, _ := strings.Cut(mimetype.Detect(head).String(), ";")
	typ, ok := allowedTypes[ct]
	return ct, typ, ok
}

// maxFieldBytes bounds the form's other fields (metadata, template).
const maxFieldBytes = 64 << 10

// sniffBytes is how much of a file decides its type.
const sniffBytes = 3072

// upload is what the form held.
type upload struct {
	name, contentType string
	typ               domain.MediaType
	size              int64
	width, height     *int
	widths            []int
	metadata          []byte
	template          string
	stored            bool
	// storedBytes is what the version takes in the storage: the file and
	// the image's scaled copies, as the quota counts it.
	storedBytes int64
}

// Upload stores a new asset from a multipart form: the part file (streamed
// to storage), metadata (JSON) and template (an id). Nothing stays stored
// when any check fails. The actor has at most MaxParallelUploads at once.
func (s *Service) Upload(ctx context.Context, a domain.Actor, clientID int64, mr *multipart.Reader) (domain.MediaAsset, error) {
	release, err := s.uploads.take(a.User.ID)
	if err != nil {
		return domain.MediaAsset{}, err
	}
	defer release()
	key := newKey()
	up, err := s.receive(ctx, clientID, key, 1, mr, true)
	if err != nil {
		return domain.MediaAsset{}, err
	}
	asset, err := s.describe(ctx, clientID, up)
	if err == nil {
		asset.Key, asset.ClientID, asset.Version = key, clientID, 1
		if a.User.ID != 0 {
			id := a.User.ID
			asset.CreatedBy = &id
		}
		row := rowOf(asset)
		row.Stored = up.storedBytes
		err = s.store.Tx(ctx, func(tx *store.Store) error {
			return s.withinQuota(ctx, tx, clientID, func() error { return tx.InsertMedia(ctx, row) })
		})
	}
	if err != nil {
		s.removeFiles(ctx, key, 1, up.widths)
		return domain.MediaAsset{}, err
	}
	return s.store.Media(ctx, clientID, key)
}

// Replace stores a new file for an asset: its version goes up, the old
// version's files go once the row names the new one. It takes one of the
// actor's upload slots, as Upload does.
func (s *Service) Replace(ctx context.Context, a domain.Actor, clientID int64, key string, mr *multipart.Reader) (domain.MediaAsset, error) {
	release, err := s.uploads.take(a.User.ID)
	if err != nil {
		return domain.MediaAsset{}, err
	}
	defer release()
	old, err := s.store.Media(ctx, clientID, key)
	if err != nil {
		return old, err
	}
	version := old.Version + 1
	up, err := s.receive(ctx, clientID, key, version, mr, false)
	if err != nil {
		return old, err
	}
	next := old
	next.Type, next.ContentType, next.Name, next.Size = up.typ, up.contentType, up.name, up.size
	next.Width, next.Height, next.Duration, next.Widths, next.Version = up.width, up.height, nil, up.widths, version
	err = s.store.Tx(ctx, func(tx *store.Store) error {
		cur, err := tx.Media(ctx, clientID, key)
		if err != nil {
			return err
		}
		if cur.Version != old.Version {
			return domain.Errorf(domain.CodeConflict, "the file was replaced meanwhile; try again")
		}
		row := rowOf(next)
		row.Stored = up.storedBytes
		return s.withinQuota(ctx, tx, clientID, func() error { return tx.ReplaceMediaFile(ctx, row) })
	})
	if err != nil {
		s.removeFiles(ctx, key, version, up.widths)
		return old, err
	}
	s.removeFiles(ctx, key, old.Version, old.Widths)
	return s.store.Media(ctx, clientID, key)
}

// withinQuota makes a write in tx and refuses it (the transaction then
// rolls back) when it grows the client's media storage past its quota: a
// write that shrinks it passes even over the quota. Under the client's
// lock, so that two uploads cannot both take the last bytes.
func (s *Service) withinQuota(ctx context.Context, tx *store.Store, clientID int64, write func() error) error {
	if err := tx.LockClient(ctx, clientID); err != nil {
		return err
	}
	before, err := tx.Quota(ctx, clientID, domain.QuotaMediaStorage)
	if err != nil {
		return err
	}
	if err := write(); err != nil {
		return err
	}
	after, err := tx.Quota(ctx, clientID, domain.QuotaMediaStorage)
	if err != nil {
		return err
	}
	if after.Count > before.Count && !after.Allows(0) {
		return domain.QuotaError(before, false)
	}
	return nil
}

// storedBytes sums what a version's files take in the storage: the file
// and whatever copies were made of it.
func (s *Service) storedBytes(ctx context.Context, key string, version int) (int64, error) {
	var n int64
	err := s.files.List(ctx, fmt.Sprintf("%s/%d/", key, version), func(o mediastore.Object) error {
		if !mediastore.IsTemporary(o.Key) {
			n += o.Size
		}
		return nil
	})
	return n, err
}

// remaining is how many bytes the quota still allows (-1: unlimited).
func (s *Service) remaining(ctx context.Context, clientID int64) (int64, error) {
	q, err := s.store.Quota(ctx, clientID, domain.QuotaMediaStorage)
	if err != nil || q.Max == nil {
		return -1, err
	}
	return max(int64(*q.Max-q.Count), 0), nil
}

// describe makes the asset's row from the form: metadata from the
// template, then the metadata field.
func (s *Service) describe(ctx context.Context, clientID int64, up upload) (domain.MediaAsset, error) {
	md := domain.MediaMetadata{}.Normal()
	if up.template != "" {
		id, err := strconv.ParseInt(strings.TrimSpace(up.template), 10, 64)
		if err != nil {
			return domain.MediaAsset{}, &domain.Error{Code: domain.CodeInvalid, Message: "template must be a media template's id",
				Problems: domain.Problems{"template": domain.Invalid("id")}}
		}
		t, err := s.store.MediaTemplate(ctx, clientID, id)
		if err != nil {
			if domain.ErrorCode(err) == domain.CodeNotFound {
				return domain.MediaAsset{}, &domain.Error{Code: domain.CodeInvalid, Message: "no such media template",
					Problems: domain.Problems{"template": domain.NotFound(id)}}
			}
			return domain.MediaAsset{}, err
		}
		md = t.Metadata
	}
	md, err := domain.ApplyMediaMetadata(md, up.metadata)
	if err != nil {
		return domain.MediaAsset{}, err
	}
	return domain.MediaAsset{Type: up.typ, ContentType: up.contentType, Name: up.name, Size: up.size,
		Width: up.width, Height: up.height, Widths: up.widths, Metadata: md}, nil
}

// receive reads the form: the file streamed to storage as key's version,
// the other fields kept. On error nothing of it stays stored.
func (s *Service) receive(ctx context.Context, clientID int64, key string, version int, mr *multipart.Reader, fields bool) (up upload, err error) {
	defer func() {
		if err != nil && up.stored {
			s.removeFiles(ctx, key, version, up.widths)
		}
	}()
	for {
		p, perr := mr.NextPart()
		if errors.Is(perr, io.EOF) {
			break
		}
		if perr != nil {
			return up, formError(perr)
		}
		switch name := p.FormName(); {
		case name == "file" && !up.stored:
			if err := s.receiveFile(ctx, clientID, key, version, p, &up); err != nil {
				return up, err
			}
		case fields && (name == "metadata" || name == "template"):
			b, err := io.ReadAll(io.LimitReader(p, maxFieldBytes+1))
			if err != nil {
				return up, formError(err)
			}
			if len(b) > maxFieldBytes {
				return up, &domain.Error{Code: domain.CodeTooLarge, Message: "a form field may have at most 64 KB",
					Problems: domain.Problems{name: domain.TooLarge(maxFieldBytes)}}
			}
			if name == "metadata" {
				up.metadata = b
			} else {
				up.template = string(b)
			}
		default:
			return up, &domain.Error{Code: domain.CodeInvalid, Message: "unknown or repeated form field " + strconv.Quote(name),
				Problems: domain.Problems{fieldName(name): domain.Unknown()}}
		}
	}
	if !up.stored {
		return up, &domain.Error{Code: domain.CodeFileMissing, Message: "the form has no file (the field file)",
			Problems: domain.Problems{"file": domain.Required()}}
	}
	up.storedBytes, err = s.storedBytes(ctx, key, version)
	return up, err
}

func fieldName(n string) string {
	if n == "" || !utf8.ValidString(n) || len(n) > 50 {
		return "form"
	}
	return n
}

func formError(err error) error {
	if errors.Is(err, errTooLarge) {
		return err
	}
	var de *domain.Error
	if errors.As(err, &de) {
		return de
	}
	return &domain.Error{Code: domain.CodeInvalid, Message: "the body is not a readable multipart form: " + err.Error(),
		Problems: domain.Problems{"file": domain.Invalid("multipart")}}
}

var errTooLarge = errors.New("file too large")

// receiveFile checks the file part and streams it to storage.
func (s *Service) receiveFile(ctx context.Context, clientID int64, key string, version int, p *multipart.Part, up *upload) error {
	name, err := fileName(p)
	if err != nil {
		return err
	}
	br := bufio.NewReaderSize(p, sniffBytes)
	head, err := br.Peek(sniffBytes)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return formError(err)
	}
	if len(head) == 0 {
		return &domain.Error{Code: domain.CodeFileMissing, Message: "the file is empty", Problems: domain.Problems{"file": domain.Required()}}
	}
	ct, typ, ok := sniff(head)
	if !ok {
		return &domain.Error{Code: domain.CodeUnsupportedMediaType,
			Message:  fmt.Sprintf("files of this kind (%s) cannot be uploaded: images, SVG, MP4/WebM video, audio or PDF", ct),
			Problems: domain.Problems{"file": domain.Invalid("media_type").Saying("is not an image, SVG, video, audio or PDF")}}
	}
	limit := s.limits[typ]
	left, err := s.remaining(ctx, clientID)
	if err != nil {
		return err
	}
	up.name, up.contentType, up.typ = name, ct, typ
	counted := &countingReader{r: br, limit: limit, quota: left}
	var body io.Reader = counted
	var svg []byte
	if typ == domain.MediaVector {
		// An SVG is checked whole before it is stored: at most the vector
		// limit (2 MB by default) is held.
		svg, err = io.ReadAll(counted)
		if err == nil {
			err = checkSVG(svg)
		}
		if err == nil {
			up.width, up.height = svgSize(svg)
		}
		body = bytes.NewReader(svg)
	}
	if err == nil {
		err = s.files.Put(ctx, objectName(key, version, 0), withoutMetadata(body, ct), ct)
	}
	if err != nil {
		return s.readError(ctx, err, counted, typ, clientID)
	}
	up.stored, up.size = true, counted.n
	if typ == domain.MediaImage {
		return s.makeVariants(ctx, key, version, up)
	}
	return nil
}

// readError turns a failed read of the file into its answer.
func (s *Service) readError(ctx context.Context, err error, c *countingReader, typ domain.MediaType, clientID int64) error {
	switch {
	case c.overLimit:
		return &domain.Error{Code: domain.CodeFileTooLarge, Message: fmt.Sprintf("a file of type %s may have at most %d bytes", typ, c.limit),
			Problems: domain.Problems{"file": {Code: domain.ProblemTooLarge, Params: map[string]any{"max": c.limit, "type": string(typ)}}}}
	case c.overQuota:
		q, qerr := s.store.Quota(ctx, clientID, domain.QuotaMediaStorage)
		if qerr != nil {
			return qerr
		}
		return domain.QuotaError(q, false)
	}
	return formError(err)
}

// countingReader counts the bytes read and stops at the type's limit or
// the quota's remaining bytes (-1: none).
type countingReader struct {
	r                    io.Reader
	n, limit, quota      int64
	overLimit, overQuota bool
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.n > c.limit {
		c.overLimit = true
		return n, errTooLarge
	}
	if c.quota >= 0 && c.n > c.quota {
		c.overQuota = true
		return n, errTooLarge
	}
	return n, err
}

// fileName is the part's file name made safe: a name with a path (a
// separator, or . and ..) is refused rather than cut, control characters
// are refused, and it is cut to 255 characters.
func fileName(p *multipart.Part) (string, error) {
	bad := func(reason string) error {
		return &domain.Error{Code: domain.CodeInvalid, Message: "the file's name " + reason,
			Problems: domain.Problems{"file": domain.Invalid("file_name").Saying(reason)}}
	}
	_, params, err := mime.ParseMediaType(p.Header.Get("Content-Disposition"))
	if err != nil {
		return "", bad("cannot be read")
	}
	raw := params["filename"]
	if raw == "" {
		raw = "file"
	}
	switch {
	case strings.ContainsAny(raw, `/\`):
		return "", bad("must not contain a path (/ or \\)")
	case raw == "." || raw == "..":
		return "", bad("must name a file")
	case !utf8.ValidString(raw):
		return "", bad("must be UTF-8")
	case strings.IndexFunc(raw, unicode.IsControl) >= 0:
		return "", bad("must not contain control characters")
	case domain.HasBidiControl(raw): // "x\u202Egnp.exe" would show as "xexe.png"
		return "", &domain.Error{Code: domain.CodeInvalid, Message: "the file's name " + domain.BidiControl().Reason(),
			Problems: domain.Problems{"file": domain.BidiControl()}}
	}
	raw = strings.TrimSpace(raw)
	if utf8.RuneCountInString(raw) > domain.MaxMediaName {
		raw = string([]rune(raw)[:domain.MaxMediaName])
	}
	return raw, nil
}
