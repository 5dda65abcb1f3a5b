"""The scorekeeper's pages: shells that keep.js fills from /api/keep (no pad data in the HTML).

`/keep` starts a pad and lists the owner's pads; `/keep/{id}` is the pad at the table;
`/keep/shared/{token}` is the read-only live view a share link opens.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse

from chicago.table.errors import ServiceError
from chicago.table.scorekeeper import KeepService
from chicago.text.i18n import _, use_language
from chicago.web.auth import request_owner
from chicago.web.keep_api import language
from chicago.web.pages import _page, error_page, page_language

router = APIRouter(include_in_schema=False, dependencies=[Depends(page_language)])


def _keep_page(request: Request, mode: str, key: str = "") -> HTMLResponse:
    """The pad's shell; a pad this reader cannot open (none, another's, a share link that
    is gone) is a 404 page that says so, with the way back to the pads."""
    service: KeepService = request.app.state.keep
    with use_language(language(request)) as lang:
        try:
            if mode == "pad":
                service.get(request_owner(request), key)
            elif mode == "shared":
                service.shared(key)
        except ServiceError:
            return error_page(request, 404, _(
                "There is no score pad at this address: it may have been deleted, or the "
                "link may be mistyped or no longer shared."), (("/keep", _("Your score pads")),))
        return _page(request, "keep.html",
                     {"page": "keep", "mode": mode, "key": key, "lang": lang})


@router.get("/keep", response_class=HTMLResponse)
def keep_home(request: Request) -> HTMLResponse:
    return _keep_page(request, "home")


@router.get("/keep/shared/{token}", response_class=HTMLResponse)
def keep_shared(request: Request, token: str) -> HTMLResponse:
    return _keep_page(request, "shared", token)


@router.get("/keep/{pad_id}", response_class=HTMLResponse)
def keep_pad(request: Request, pad_id: str) -> HTMLResponse:
    return _keep_page(request, "pad", pad_id)
