package media

import (
	"fmt"
	"sync"
	"time"

	"github.com/strata-maps/strata/internal/domain"
)

// MaxParallelUploads is how many uploads (new files and replacements) one
// user may have in flight at once on one instance. Each holds a request
// body being streamed, and an image's decode after it; a user's browser
// sends a few files at a time, a script more, and a script of one user
// must not take every upload slot of an instance.
const MaxParallelUploads = 4

// uploadRetryAfter is what a user past the limit is told to wait: about
// the time an ordinary upload takes to finish.
const uploadRetryAfter = 5 * time.Second

// uploadSlots counts each user's uploads in flight. It is per instance:
// what it protects (connections, memory, decodes) is per instance too.
type uploadSlots struct {
	mu       sync.Mutex
	inFlight map[int64]int
}

// take holds one of the user's upload slots until release is called, or
// refuses with rate_limited when the user has every slot.
func (u *uploadSlots) take(userID int64) (release func(), err error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.inFlight[userID] >= MaxParallelUploads {
		return nil, &domain.Error{Code: domain.CodeRateLimited, RetryAfter: uploadRetryAfter,
			Message: fmt.Sprintf("you have %d uploads in progress: wait for one of them to finish", MaxParallelUploads)}
	}
	if u.inFlight == nil {
		u.inFlight = map[int64]int{}
	}
	u.inFlight[userID]++
	return sync.OnceFunc(func() {
		u.mu.Lock()
		defer u.mu.Unlock()
		if u.inFlight[userID]--; u.inFlight[userID] <= 0 {
			delete(u.inFlight, userID)
		}
	}), nil
}
