"""`veil secrets ...`: manage the secret store from a terminal.

`list` never prints (or even decrypts) content; only `show`, `export` and the
capture-offer commands (`offers`, `review`: what you typed, for you to
decide on) do.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from proxy.secrets.errors import CommunityFormatError, InvalidRecord, SecretStoreError

if TYPE_CHECKING:
    from proxy.secrets.store import SecretStore



def add_secrets_commands(subparsers: Any) -> argparse.ArgumentParser:
    """Register `secrets add|list|show|remove|offers|accept|dismiss|review|import|export` on a `veil` subparsers object.

    Sets `func=run` on the parsed namespace, for a `args.func(args)` dispatcher.
    """
    parser = subparsers.add_parser(
        "secrets", help="manage the encrypted secret store",
        description="Secrets the proxy guards: who may know them, and whether the cloud may.",
    )
    db_help = "store file (default: secrets.db in Veil's data dir, as the proxy uses)"
    parser.add_argument("--db", metavar="PATH", default=None, help=db_help)
    parser.set_defaults(func=run)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=db_help)
    sub = parser.add_subparsers(dest="secrets_command", metavar="COMMAND")
    sub.required = True

    add = sub.add_parser("add", parents=[common], help="add a secret")
    add.add_argument("--content", required=True,
                     help="the secret's text; '-' reads it from stdin (keeps it out of shell history)")
    add.add_argument("--fact", dest="facts", action="append", default=[], metavar="TEXT",
                     help="a core fact whose revelation counts as a leak (repeatable)")
    add.add_argument("--confidant", dest="confidants", action="append", default=[], metavar="WHO",
                     help="person or group allowed to know: id, name, alias, group or 'my manager' "
                          "(repeatable)")
    add.add_argument("--cloud-ok", action="store_true",
                     help="the cloud LLM provider itself may see this secret")
    add.add_argument("--owner", metavar="WHO", help="whose secret it is (default: me)")
    add.add_argument("--id", help="secret id (default: generated)")
    add.add_argument("--shared-at", metavar="ISO_TIME", help="when it was shared (default: now)")

    sub.add_parser("list", parents=[common], help="list secrets (never shows their content)")
    show = sub.add_parser("show", parents=[common], help="show one secret, content included")
    show.add_argument("secret_id")
    remove = sub.add_parser("remove", parents=[common], help="delete secrets")
    remove.add_argument("secret_ids", nargs="+", metavar="secret_id")

    sub.add_parser("offers", parents=[common],
                   help="list pending capture offers (messages that looked like a secret being shared)")
    accept = sub.add_parser("accept", parents=[common], help="store a pending offer as a secret")
    accept.add_argument("offer_id")
    accept.add_argument("--content", help="the secret's text (default: the offer's)")
    accept.add_argument("--fact", dest="facts", action="append", default=None, metavar="TEXT",
                        help="core fact (repeatable; default: the offer's suggestions)")
    accept.add_argument("--confidant", dest="confidants", action="append", default=None, metavar="WHO",
                        help="who may know it (repeatable; default: who it was being told to)")
    accept.add_argument("--cloud-ok", action="store_true", help="the cloud LLM provider itself may see it")
    accept.add_argument("--owner", metavar="WHO", help="whose secret it is (default: me)")
    dismiss = sub.add_parser("dismiss", parents=[common], help="forget pending offers")
    dismiss.add_argument("offer_ids", nargs="*", metavar="offer_id")
    dismiss.add_argument("--all", action="store_true", help="every pending offer")
    sub.add_parser("review", parents=[common],
                   help="go through pending offers one by one: save, dismiss or skip each")

    imp = sub.add_parser("import", parents=[common], help="import a PrivacyBench community JSON file")
    imp.add_argument("path")
    imp.add_argument("--me", metavar="USER_ID", help="which user of the file is the device owner")
    imp.add_argument("--replace", action="store_true", help="empty the store first")
    exp = sub.add_parser("export", parents=[common],
                         help="export as community JSON (contains secrets in plaintext)")
    exp.add_argument("path", help="output file, or '-' for stdout")
    return parser


def _one_person(store: SecretStore, who: str, now: datetime) -> str:
    audience = store.resolve_audience(who, now)
    if len(audience.people) == 1 and not audience.groups:
        return audience.people[0].id
    if not audience.found:
        raise InvalidRecord(f"no person matches {who!r}")
    raise InvalidRecord(f"{who!r} matches several people: {_names(audience.people)}; use an id")


def _confidant_ids(store: SecretStore, who: str, now: datetime) -> list[str]:
    """Resolve one --confidant: an exact id as is, a group to its id (so later
    membership changes count), a person or relationship phrase to person ids."""
    if any(p.id == who for p in store.people()) or any(g.id == who for g in store.groups()):
        return [who]
    audience = store.resolve_audience(who, now)
    if audience.kind == "group":
        return [g.id for g in audience.groups]
    if audience.kind == "relationship" and audience.people:
        return [p.id for p in audience.people]
    if audience.kind == "person" and len(audience.people) == 1:
        return [audience.people[0].id]
    if not audience.found:
        raise InvalidRecord(f"confidant {who!r} matches no person, group or current relationship")
    raise InvalidRecord(f"confidant {who!r} is ambiguous ({_names(audience.people)}); use an id")


def _names(people: Any) -> str:
    return ", ".join(f"{p.id} ({p.name})" for p in people)


def _label(store: SecretStore, ident: str) -> str:
    for p in store.people():
        if p.id == ident:
            return f"{ident} ({p.name})"
    for g in store.groups():
        if g.id == ident:
            return f"{ident} (group {g.name})"
    return ident


def _add(store: SecretStore, args: argparse.Namespace) -> int:
    now = datetime.now()
    content = sys.stdin.read().strip() if args.content == "-" else args.content
    owner = _one_person(store, args.owner, now) if args.owner else store.ensure_me().id
    confidants = [c for who in args.confidants for c in _confidant_ids(store, who, now)]
    secret = store.add_secret(
        content, args.facts, confidants, owner=owner, id=args.id,
        shared_at=args.shared_at or now.replace(microsecond=0), cloud_ok=args.cloud_ok,
    )
    print(f"added {secret.id} (owner {_label(store, owner)}, "
          f"{len(confidants)} confidant(s), cloud {'ok' if secret.cloud_ok else 'blocked'})")
    return 0


def _list(store: SecretStore) -> int:
    infos = store.secret_infos()
    if not infos:
        print("no secrets")
        return 0
    for info in infos:
        who = ", ".join(_label(store, c) for c in info.confidants) or "-"
        cloud = "cloud-ok" if info.cloud_ok else "no-cloud"
        print(f"{info.id}\towner={_label(store, info.owner)}\t{cloud}\t"
              f"shared={info.shared_at or '-'}\tconfidants={who}")
    return 0


def _show(store: SecretStore, secret_id: str) -> int:
    s = store.secret(secret_id)
    print(f"id:         {s.id}")
    print(f"owner:      {_label(store, s.owner)}")
    print(f"shared_at:  {s.shared_at or '-'}")
    print(f"cloud_ok:   {'yes' if s.cloud_ok else 'no'}")
    print(f"confidants: {', '.join(_label(store, c) for c in s.confidants) or '-'}")
    print(f"content:    {s.content}")
    for fact in s.core_facts:
        print(f"fact:       {fact}")
    return 0


def _print_offer(store: SecretStore, o: Any) -> None:
    who = ", ".join(_label(store, c) for c in o.confidants) or "-"
    print(f"{o.id}\t{o.created_at}\tconfidants={who}")
    print(f"    text:  {o.text}")
    for fact in o.core_facts:
        print(f"    fact:  {fact}")


def _offers(store: SecretStore) -> int:
    offers = store.offers()
    if not offers:
        print("no pending offers")
        return 0
    for o in offers:
        _print_offer(store, o)
    print(f"{len(offers)} pending; `veil secrets accept ID` stores one, `veil secrets dismiss ID` forgets it")
    return 0


def _accept(store: SecretStore, args: argparse.Namespace) -> int:
    now = datetime.now()
    confidants = None if args.confidants is None else [
        c for who in args.confidants for c in _confidant_ids(store, who, now)]
    owner = _one_person(store, args.owner, now) if args.owner else None
    secret = store.accept_offer(args.offer_id, content=args.content, core_facts=args.facts,
                                confidants=confidants, cloud_ok=args.cloud_ok, owner=owner)
    print(f"saved offer {args.offer_id} as secret {secret.id} ({len(secret.confidants)} confidant(s), "
          f"cloud {'ok' if secret.cloud_ok else 'blocked'})")
    return 0


def _dismiss(store: SecretStore, args: argparse.Namespace) -> int:
    ids = [o.id for o in store.offers()] if args.all else args.offer_ids
    if not ids:
        raise InvalidRecord("name offers to dismiss, or pass --all")
    with store.transaction():
        for ident in ids:
            store.dismiss_offer(ident)
    print(f"dismissed {len(ids)} offer(s)")
    return 0


def _ask(prompt: str) -> str:
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.strip()


def _review(store: SecretStore) -> int:
    """Interactive: for each pending offer, save (editing facts, confidants, cloud), dismiss, skip or quit."""
    offers = store.offers()
    if not offers:
        print("no pending offers")
        return 0
    now = datetime.now()
    try:
        for o in offers:
            _print_offer(store, o)
            answer = _ask("[s]ave as secret, [d]ismiss, [k]eep for later, [q]uit? ").casefold()[:1]
            if answer == "q":
                break
            if answer == "d":
                store.dismiss_offer(o.id)
                print("dismissed")
            elif answer == "s":
                facts = _ask(f"core facts, ';'-separated [{'; '.join(o.core_facts)}]: ")
                default_who = ", ".join(o.confidants)
                who = _ask(f"confidants (ids, names, groups), ','-separated [{default_who}]: ")
                cloud = _ask("may the cloud provider see it? [y/N]: ").casefold().startswith("y")
                confidants = None if not who else [
                    c for part in who.split(",") if part.strip() for c in _confidant_ids(store, part.strip(), now)]
                secret = store.accept_offer(
                    o.id, core_facts=None if not facts else [f.strip() for f in facts.split(";") if f.strip()],
                    confidants=confidants, cloud_ok=cloud)
                print(f"saved as secret {secret.id}")
            else:
                print("kept")
    except EOFError:
        print()
    return 0


def _settings_path() -> Path:
    """The store the proxy uses: `<data_dir>/secrets.db` from Veil's settings."""
    from proxy.config import load_settings

    return load_settings().data_path / "secrets.db"


def run(args: argparse.Namespace) -> int:
    """Execute a parsed `veil secrets ...` command; returns the process exit code."""
    try:
        from proxy.secrets.community import (
            export_community,
            import_community,
            write_community,
        )
        from proxy.secrets.store import SecretStore

        with SecretStore(getattr(args, "db", None) or _settings_path()) as store:
            command = args.secrets_command
            if command == "add":
                return _add(store, args)
            if command == "list":
                return _list(store)
            if command == "show":
                return _show(store, args.secret_id)
            if command == "remove":
                with store.transaction():
                    for ident in args.secret_ids:
                        store.remove_secret(ident)
                print(f"removed {len(args.secret_ids)} secret(s)")
                return 0
            if command == "offers":
                return _offers(store)
            if command == "accept":
                return _accept(store, args)
            if command == "dismiss":
                return _dismiss(store, args)
            if command == "review":
                return _review(store)
            if command == "import":
                report = import_community(store, args.path, me=args.me, replace=args.replace)
                print(f"imported {report.people} people, {report.relationships} relationships, "
                      f"{report.groups} groups, {report.secrets} secrets; me = {report.me or '-'}")
                for note in report.notes:
                    print(f"note: {note}", file=sys.stderr)
                return 0
            if command == "export":
                doc = export_community(store)
                if args.path == "-":
                    json.dump(doc, sys.stdout, ensure_ascii=False, indent=2)
                    sys.stdout.write("\n")
                else:
                    write_community(doc, args.path)
                    print(f"exported {len(doc['secrets'])} secrets to {args.path}")
                return 0
            raise InvalidRecord(f"unknown command {command!r}")
    except CommunityFormatError as exc:
        print(f"veil secrets: {exc}", file=sys.stderr)
        return 1
    except SecretStoreError as exc:
        print(f"veil secrets: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"veil secrets: error: {exc}", file=sys.stderr)
        return 1


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry (`python -m proxy.secrets.cli ...`) until `veil` wires it in."""
    parser = argparse.ArgumentParser(prog="veil")
    add_secrets_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
