"""``python -m ecotone``: the same as the ``ecotone`` command."""

from ecotone.cli.main import main

raise SystemExit(main())
