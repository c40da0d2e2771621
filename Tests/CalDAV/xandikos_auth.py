#!/usr/bin/env python3
"""Xandikos for the CalDAV tests, as it is normally run: behind HTTP Basic authentication (the
job of a reverse proxy in front of it; here an aiohttp middleware in the same process, over
plain HTTP on 127.0.0.1 only). The app is built as `xandikos.web.run_simple_server` builds it.

    xandikos_auth.py DIRECTORY PORT USER PASSWORD
"""
import base64
import os
import sys

from aiohttp import web
from xandikos.web import SingleUserFilesystemBackend, XandikosApp


def main():
    directory, port, user, password = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    principal = f"/{user}/"
    os.makedirs(directory, exist_ok=True)
    backend = SingleUserFilesystemBackend(directory)
    backend._mark_as_principal(principal)
    backend.create_principal(principal, create_defaults=True)
    dav = XandikosApp(backend, current_user_principal=principal, strict=True)
    expected = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()

    @web.middleware
    async def basic_auth(request, handler):
        if request.headers.get("Authorization") != expected:
            return web.Response(status=401, headers={"WWW-Authenticate": 'Basic realm="xandikos"'})
        return await handler(request)

    async def handle(request):
        return await dav.aiohttp_handler(request, "/")

    app = web.Application(middlewares=[basic_auth])
    app.router.add_route("*", "/{path_info:.*}", handle)
    web.run_app(app, host="127.0.0.1", port=port, print=None)


if __name__ == "__main__":
    main()
