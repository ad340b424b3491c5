package api

import (
	"net/http"
	"strconv"

	"github.com/strata-maps/strata/internal/domain"
)

// Lists that can grow answer a page at a time (domain.PageQuery): ?limit=
// and ?cursor= in, next_cursor out. The bounds and the cursor's meaning
// are the services'; the transport only reads the parameters.

// pageQuery documents a list's page parameters (readPage reads them).
type pageQuery struct {
	Limit  int    `query:"limit" minimum:"1" maximum:"200" default:"50" description:"How many rows the page holds at most."`
	Cursor string `query:"cursor" description:"Where the page starts: the previous page's next_cursor, as it was; absent for the first page."`
}

// readPage reads a list's limit and cursor; a limit that is no number is
// refused here, with the problem the service gives one out of bounds.
func readPage(r *http.Request) (domain.PageQuery, error) {
	q := r.URL.Query()
	out := domain.PageQuery{Cursor: q.Get("cursor")}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil {
			return domain.PageQuery{}, &domain.Error{Code: domain.CodeInvalid, Message: "limit must be a number",
				Problems: domain.Problems{"limit": domain.BadPageLimit}}
		}
		out.Limit = &n
	}
	return out, nil
}
