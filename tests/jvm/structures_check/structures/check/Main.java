package structures.check;

/** Runs the random runs of the correct variants, then the planted bugs of the broken ones. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        new RandomRuns(Long.parseLong(args[0])).run();
        PlantedBugs.run();
    }
}
