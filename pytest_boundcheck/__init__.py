"""pytest-boundcheck: Java contracts checked by bounded symbolic execution with Z3.

The package reads as the pipeline, each stage importing only the ones before it
(``docs/dev/architecture.md`` has the table the architecture check enforces):

    config -> frontend -> harness -> symex -> models -> solve -> counterexample
           -> engine -> report -> plugin
"""
