import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.BufferedReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * boundcheck's replay server: one JVM compiles and runs a whole session's reproducers.
 *
 * <p>Requests come one per line, tab-separated; every reply is one line:
 * <pre>
 *   COMPILE  out-dir  classpath  source...      OK | ERROR message
 *   RUN      classpath  main-class  seconds     RETURNED | THREW class message | TIMEOUT
 * </pre>
 * Each RUN loads the classes afresh, so runs do not share static state.
 */
public final class Replay {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(quiet);  // what the code under test prints must not mix with replies
        System.setErr(quiet);
        out.println("READY\t" + System.getProperty("java.version"));
        for (String line; (line = in.readLine()) != null; ) {
            String[] request = line.split("\t");
            String reply;
            try {
                reply = switch (request[0]) {
                    case "COMPILE" -> compile(request);
                    case "RUN" -> run(request);
                    default -> "ERROR\tunknown request " + request[0];
                };
            } catch (Exception e) {
                reply = "ERROR\t" + oneLine(e.toString());
            }
            out.println(reply);
        }
    }

    private static String compile(String[] request) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return "ERROR\tthis Java runtime has no compiler (a JDK is needed)";
        }
        List<String> options = List.of("-d", request[1], "-cp", request[2], "-nowarn",
                                       "-proc:none", "-encoding", "UTF-8");
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            List<String> sources = Arrays.asList(request).subList(3, request.length);
            boolean ok = javac.getTask(null, files, diagnostics, options, null,
                                       files.getJavaFileObjectsFromStrings(sources)).call();
            if (ok) {
                return "OK";
            }
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    String where = d.getSource() == null ? ""
                        : Path.of(d.getSource().getName()).getFileName() + ":" + d.getLineNumber() + ": ";
                    return "ERROR\t" + oneLine(where + d.getMessage(null));
                }
            }
            return "ERROR\tjavac failed";
        }
    }

    private static String run(String[] request) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : request[1].split(File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]),
                                                   ClassLoader.getPlatformClassLoader());
        Method main = loader.loadClass(request[2]).getMethod("main", String[].class);
        FutureTask<String> task = new FutureTask<>(() -> {
            try {
                main.invoke(null, (Object) new String[0]);
                return "RETURNED";
            } catch (InvocationTargetException e) {
                Throwable thrown = e.getCause();
                return "THREW\t" + thrown.getClass().getName() + "\t" + oneLine(String.valueOf(thrown.getMessage()));
            }
        });
        Thread thread = new Thread(task, "reproducer");
        thread.setDaemon(true);
        thread.start();
        try {
            return task.get(Long.parseLong(request[3]), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return "TIMEOUT";
        }
    }

    private static String oneLine(String text) {
        return text.replace('\t', ' ').replace('\r', ' ').replace('\n', ' ');
    }
}
