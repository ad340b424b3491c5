package publishing

import (
	"context"
	"fmt"

	"github.com/strata-maps/strata/internal/domain"
)

// The public map at /m/{url} serves a publication's live version to the
// readers its access mode admits. What the transport knows of the request
// (its reader, whether it comes from an embedding frame) is passed in.

// Reach is a publication and what one reader may do with it.
type Reach struct {
	Publication domain.Publication
	Access      domain.PublicAccess
	Client      domain.Client
}

// Reach answers the publication at an address and what the reader (the
// zero actor when signed out) may do with it.
func (s *Service) Reach(ctx context.Context, url string, reader domain.Actor) (Reach, error) {
	p, err := s.store.PublicationByURL(ctx, url)
	if err != nil {
		return Reach{Publication: p, Access: domain.PublicDenied}, err
	}
	// The head carries the reader's own per-map access (none hides the
	// published map too).
	m, c, explicit, err := s.store.MapHead(ctx, p.MapID, reader.User.ID)
	if err != nil {
		return Reach{Publication: p, Access: domain.PublicDenied}, err
	}
	registered := false
	if reader.User.ID != 0 && p.AccessMode == domain.AccessPartial && !reader.IsMember(c.Name) {
		if registered, err = s.store.IsReader(ctx, c.ID, reader.User.ID); err != nil {
			return Reach{Publication: p, Access: domain.PublicDenied}, err
		}
	}
	return Reach{p, domain.ReadPublished(p, m.Live && c.Active, reader, c.Name, explicit, registered), c}, nil
}

// Errors of the public map.
var (
	ErrMapNotFound = domain.Errorf(domain.CodeNotFound, "map not found")
	ErrEmbedOnly   = &domain.Error{Code: domain.CodeForbidden, Message: "this map can be read only where it is embedded",
		Problems: domain.Problems{"embed_only": domain.EmbedOnly()}}
	errSignIn = domain.Errorf(domain.CodeUnauthenticated, "sign in first")
)

// Published finds the publication at an address and checks that the
// reader may read it: not_found for what they may not know exists,
// unauthenticated where signing in would let them, reader_required where
// registering as a reader would. fromEmbed says the request comes from a
// page embedded where the publication allows it (the embed_only rule).
func (s *Service) Published(ctx context.Context, url string, reader domain.Actor, fromEmbed bool) (domain.Publication, error) {
	r, err := s.Reach(ctx, url, reader)
	if err != nil {
		return domain.Publication{}, err
	}
	p := r.Publication
	if r.Access != domain.PublicDenied && p.EmbedOnly && !fromEmbed {
		return domain.Publication{}, ErrEmbedOnly
	}
	switch r.Access {
	case domain.PublicRead:
		return p, nil
	case domain.PublicSignIn:
		if p.AccessMode == domain.AccessPartial {
			// The page offers registering besides signing in.
			return domain.Publication{}, &domain.Error{Code: domain.CodeUnauthenticated,
				Message: "sign in, or register as a reader, to read this map", Problems: domain.Problems{"readers": domain.MayRegister()}}
		}
		return domain.Publication{}, errSignIn
	case domain.PublicRegister:
		return domain.Publication{}, domain.Errorf(domain.CodeReaderRequired, "register as a reader of this map to read it")
	}
	return domain.Publication{}, ErrMapNotFound
}

// ReaderDocument answers a publication's live version as its readers get
// it (JSON): what the map does not show them is left out.
func (s *Service) ReaderDocument(ctx context.Context, p domain.Publication) ([]byte, error) {
	rv, err := s.readerVersion(ctx, p)
	return rv.document, err
}

var errNodeNotFound = domain.Errorf(domain.CodeNotFound, "node not found")

// NodeContent answers a node's whole content (JSON) as the live version
// holds it; a node readers are not shown is not there for them.
func (s *Service) NodeContent(ctx context.Context, p domain.Publication, nodeID int64) ([]byte, error) {
	rv, err := s.readerVersion(ctx, p)
	if err != nil {
		return nil, err
	}
	if !rv.shown[nodeID] {
		return nil, errNodeNotFound
	}
	return s.store.VersionNodeContent(ctx, p.Live.ID, nodeID)
}

// readerVersion answers a publication's live version as its readers get
// it, derived once per version.
func (s *Service) readerVersion(ctx context.Context, p domain.Publication) (readerVersion, error) {
	if rv, ok := s.readers.get(p.Live.ID); ok {
		return rv, nil
	}
	doc, err := s.store.LiveDocument(ctx, p)
	if err != nil {
		return readerVersion{}, err
	}
	rv, err := readerDocument(doc)
	if err != nil {
		return readerVersion{}, fmt.Errorf("live version %d of map %d: %w", p.Live.ID, p.MapID, err)
	}
	kept, err := s.store.VersionSections(ctx, p.Live.ID)
	if err != nil {
		return readerVersion{}, err
	}
	sections, err := readerSections(kept, rv.shown)
	if err != nil {
		return readerVersion{}, fmt.Errorf("live version %d of map %d: %w", p.Live.ID, p.MapID, err)
	}
	// The sections close the document: its last byte is the object's end.
	if rv.document, err = appendSections(rv.document[:len(rv.document)-1], sections); err != nil {
		return readerVersion{}, err
	}
	rv.document, rv.social = append(rv.document, '}'), sections.SocialSharing
	s.readers.put(p.Live.ID, rv, len(rv.document))
	return rv, nil
}

// prepareForReaders derives a new live version's readers' document after
// the publishing call returns, so that its first reader does not wait for
// it. A failure only costs that reader the wait: their own request
// derives it again and reports what goes wrong.
func (s *Service) prepareForReaders(p domain.Publication) {
	if p.Live == nil {
		return
	}
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		if _, err := s.readerVersion(context.Background(), p); err != nil {
			s.log.Debug("readers' document not prepared", "map", p.MapID, "version", p.Live.ID, "err", err)
		}
	}()
}
