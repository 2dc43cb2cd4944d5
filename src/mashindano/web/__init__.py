"""Front ends by audience (public pages, player self-service, organiser console, API).

Each view parses and authorises, calls one use case of `mashindano.app`, and renders a document.
"""
