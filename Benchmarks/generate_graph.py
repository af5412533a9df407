#!/usr/bin/env python3
"""Writes a graph file of N services for the loader and compiler benchmarks.

Usage: generate_graph.py N OUTPUT
Each service has a type, a scope, an initializer with a reference, a literal and a parameter, and
every tenth a property and tags, so the file exercises the loader and every compiler pass. An
OUTPUT ending in .json gets the same graph as JSON, indented as JSON tools write it.
"""
import json
import sys


def graph(count):
    # Scopes that never hold a shorter-lived dependency, so the file compiles without warnings;
    # every 50th service is a singleton that takes its dependency through a provider.
    scopes = ["graph", "unique", "graph", "weak", "graph"]
    services = {}
    for index in range(count):
        singleton = index % 50 == 49
        reference = f"service{index - 1}" if index > 0 else "missing?"
        service = {
            "type": f"Service{index % 50}",
            "scope": "singleton" if singleton else scopes[index % len(scopes)],
            "init": {
                "dependency": {"provider": reference} if singleton else reference,
                "retries": {"value": index % 7},
                "timeout": "$timeout" if index % 2 else "$baseURL",
            },
        }
        if index % 10 == 9:
            owner = f"service{index - 5}"
            service["properties"] = {"owner": {"provider": owner} if singleton else owner}
            service["tags"] = ["plugin"]
        services[f"service{index}"] = service
    return {"dicfg": 1, "parameters": {"timeout": 30, "baseURL": "https://api.example.com"}, "services": services}


def flow(value):
    """A YAML flow value as the YAML file writes it: plain names, `{ key: value }`."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key}: {flow(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    return str(value)


def main():
    count, output = int(sys.argv[1]), sys.argv[2]
    document = graph(count)
    with open(output, "w") as handle:
        if output.endswith(".json"):
            json.dump(document, handle, indent=2)
            handle.write("\n")
            return
        handle.write("dicfg: 1\nparameters:\n  timeout: 30\n  baseURL: https://api.example.com\nservices:\n")
        for name, service in document["services"].items():
            handle.write(f"  {name}:\n")
            for key, value in service.items():
                handle.write(f"    {key}: {flow(value)}\n")


if __name__ == "__main__":
    main()
