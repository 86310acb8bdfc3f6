"""The elements of a collection a caller passes (docs/user/objects-and-bounds.md, "possible
violations"): the check does not read type arguments, so it gives such a collection
elements of any class; a violation that needs a plain ``new Object()`` among them (a raw
``List`` documented to hold strings, read back with a cast) is a possible one, and one
that needs no such element still fails."""
from __future__ import annotations

# URL lists added as raw Lists and read back as strings: a plain Object in one makes
# equals throw ClassCastException, which no caller that passes strings sees
LINKS = """\
    package raw;

    import java.util.ArrayList;
    import java.util.List;

    public class Links {
        private final ArrayList series = new ArrayList();
        public void addSeries(List urls) { series.add(new ArrayList(urls)); }
        public String url(int s, int k) { return (String) ((List) series.get(s)).get(k); }
        @Override public boolean equals(Object other) {
            if (!(other instanceof Links that) || series.size() != that.series.size()) {
                return false;
            }
            for (int s = 0; s < series.size(); s++) {
                if (((List) series.get(s)).size() != ((List) that.series.get(s)).size()) {
                    return false;
                }
                for (int k = 0; k < ((List) series.get(s)).size(); k++) {
                    String u = url(s, k);
                    if (u == null ? that.url(s, k) != null : !u.equals(that.url(s, k))) {
                        return false;
                    }
                }
            }
            return true;
        }
        @Override public int hashCode() { return series.size(); }
    }
    """
# equal to any Tags with at least as many tag lists: asymmetric whatever they hold
TAGS = """\
    package raw;

    import java.util.ArrayList;
    import java.util.List;

    public class Tags {
        private final ArrayList tags = new ArrayList();
        public void add(List more) { tags.add(more); }
        @Override public boolean equals(Object other) {
            return other instanceof Tags that && tags.size() <= that.tags.size();
        }
        @Override public int hashCode() { return 0; }
    }
    """


def test_a_violation_that_needs_a_plain_object_in_a_collection_a_caller_passes_is_possible(plugin):
    plugin.write_package("raw", {"Links": LINKS, "Tags": TAGS})
    result = plugin.runpytest("--boundcheck", "raw", "-k", "symmetric", "-rxX")
    result.stdout.fnmatch_lines([
        ("XFAIL raw/Links.java::raw.Links::equals-symmetric - possible violation: needs a plain "
         "Object in the List passed to Links.addSeries(List) as urls, whose elements the check "
         "took to be of any class (it does not read type arguments): a caller whose elements "
         "are of the type the code expects never passes one"),
    ])
    result.stdout.fnmatch_lines(["*_ Tags::equals-symmetric _*"])
    result.assert_outcomes(failed=1, xfailed=1)
