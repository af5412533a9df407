#!/usr/bin/env python3
"""Checks documents against schema/dicfg.schema.json with a real JSON Schema validator.

Usage: check_schema.py SCHEMA CASES
CASES is a JSON file: [{"name": ..., "valid": true|false, "document": ...}, ...].
Prints one line per case whose verdict differs from "valid", and exits 1 if there is any.
"""
import json
import sys

import jsonschema


def main() -> int:
    schema_path, cases_path = sys.argv[1], sys.argv[2]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    with open(cases_path, encoding="utf-8") as handle:
        cases = json.load(handle)
    failures = 0
    for case in cases:
        errors = sorted(validator.iter_errors(case["document"]), key=lambda error: list(error.path))
        if case["valid"] and errors:
            failures += 1
            print(f"{case['name']}: rejected: {errors[0].message} at {list(errors[0].path)}")
        elif not case["valid"] and not errors:
            failures += 1
            print(f"{case['name']}: accepted, but it should be rejected")
    print(f"{len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
