# Round trip of the conformance history vectors through the generated Python models: for each vector,
# one JSON line on stdout with the document as written back, or the error that rejected it.
import json
import os
import sys

from partwise_models import History, PartwiseDecodeError


def main(directory: str) -> None:
    for group in ("valid", "invalid"):
        for name in sorted(os.listdir(os.path.join(directory, group))):
            with open(os.path.join(directory, group, name), encoding="utf-8") as file:
                document = json.load(file)["document"]
            try:
                result = {"output": History.from_json(document).to_json()}
            except PartwiseDecodeError as error:
                result = {"error": error.expected, "pointer": error.pointer}
            print(json.dumps({"vector": f"{group}/{name}", **result}, ensure_ascii=False))


main(sys.argv[1])
