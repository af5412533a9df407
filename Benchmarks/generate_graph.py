#!/usr/bin/env python3
"""Writes a graph file of N services for the loader and compiler benchmarks.

Usage: generate_graph.py N OUTPUT
Each service has a type, a scope, an initializer with a reference, a literal and a parameter, and
every tenth a property and tags, so the file exercises the loader and every compiler pass.
"""
import sys


def main():
    count, output = int(sys.argv[1]), sys.argv[2]
    # Scopes that never hold a shorter-lived dependency, so the file compiles without warnings;
    # every 50th service is a singleton that takes its dependency through a provider.
    scopes = ["graph", "unique", "graph", "weak", "graph"]
    with open(output, "w") as handle:
        handle.write("dicfg: 1\nparameters:\n  timeout: 30\n  baseURL: https://api.example.com\nservices:\n")
        for index in range(count):
            handle.write(f"  service{index}:\n")
            handle.write(f"    type: Service{index % 50}\n")
            singleton = index % 50 == 49
            handle.write(f"    scope: {'singleton' if singleton else scopes[index % len(scopes)]}\n")
            reference = f"service{index - 1}" if index > 0 else "missing?"
            if singleton:
                reference = f"{{ provider: {reference} }}"
            handle.write(f"    init: {{ dependency: {reference}, retries: {{ value: {index % 7} }}, "
                         f"timeout: {'$timeout' if index % 2 else '$baseURL'} }}\n")
            if index % 10 == 9:
                owner = f"service{index - 5}"
                handle.write(f"    properties: {{ owner: {'{ provider: ' + owner + ' }' if singleton else owner} }}\n")
                handle.write("    tags: [plugin]\n")


if __name__ == "__main__":
    main()
