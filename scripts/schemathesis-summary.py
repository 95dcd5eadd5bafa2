"""Figures of a schemathesis run from its NDJSON report: requests, answers by status, and each
check's successes and failures (scripts/schemathesis.sh prints this after the run)."""
import collections
import json
import sys

requests = 0
statuses = collections.Counter()
checks = collections.defaultdict(collections.Counter)
failed = collections.defaultdict(set)
for line in open(sys.argv[1], encoding="utf-8"):
    event = json.loads(line)
    finished = event.get("ScenarioFinished")
    if not finished:
        continue
    recorder = finished["recorder"]
    for interaction in recorder.get("interactions", {}).values():
        requests += 1
        response = interaction.get("response")
        statuses[response["status_code"] if response else "no response"] += 1
    for case_id, results in recorder.get("checks", {}).items():
        for result in results:
            checks[result["name"]][result["status"]] += 1
            if result["status"] == "failure":
                failed[result["name"]].add(recorder["label"])

print(f"requests: {requests}")
print("answers: " + ", ".join(f"{status}: {n}" for status, n in sorted(statuses.items(), key=lambda kv: str(kv[0]))))
for name, counts in sorted(checks.items()):
    line = f"{name}: {counts['success']} passed, {counts['failure']} failed"
    if failed[name]:
        line += " (" + "; ".join(sorted(failed[name])) + ")"
    print(line)
