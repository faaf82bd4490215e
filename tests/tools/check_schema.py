#!/usr/bin/env python3
"""Validate JSON documents against a JSON Schema (draft 2020-12) with python3-jsonschema.

usage: check_schema.py SCHEMA FILE...   (a FILE may hold several JSON documents in a row)
Exit 0 when every document validates, 1 otherwise (each error is printed).
"""
import json
import os
import sys

import jsonschema


def documents(text):
    dec = json.JSONDecoder()
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return
        doc, i = dec.raw_decode(text, i)
        yield doc


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    # a schema may refer to its siblings ("report.schema.json#/$defs/rules"): every schema of
    # the same folder is known by its $id, nothing is fetched
    folder = os.path.dirname(os.path.abspath(sys.argv[1]))
    store = {}
    for name in os.listdir(folder):
        if name.endswith(".schema.json"):
            other = json.load(open(os.path.join(folder, name), encoding="utf-8"))
            store[other.get("$id", name)] = other
    resolver = jsonschema.RefResolver.from_schema(schema, store=store)
    validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
    bad = 0
    count = 0
    for path in sys.argv[2:]:
        text = open(path, encoding="utf-8").read()
        for n, doc in enumerate(documents(text)):
            count += 1
            for err in validator.iter_errors(doc):
                bad += 1
                where = "/".join(str(p) for p in err.absolute_path)
                print(f"{path}: document {n + 1}: at /{where}: {err.message[:300]}")
    print(f"{count} document(s) checked against {sys.argv[1]}: {bad} error(s)")
    return 1 if bad or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
