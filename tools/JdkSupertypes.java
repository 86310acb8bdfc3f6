import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

/**
 * Prints the direct supertypes of every public class and interface in the exported packages
 * of the Java SE modules (those named java.*), one line each, sorted by name:
 * {@code name superclass interface...}, with "-" for no superclass. Nested types have their
 * canonical names ({@code java.util.Map.Entry}). Makes pytest_boundcheck/jdk_supertypes.txt:
 * {@code java tools/JdkSupertypes.java > pytest_boundcheck/jdk_supertypes.txt}
 */
public class JdkSupertypes {
    public static void main(String[] args) throws Exception {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        TreeMap<String, String> lines = new TreeMap<>();
        for (Module module : ModuleLayer.boot().modules()) {
            String moduleName = module.getName();
            if (!moduleName.startsWith("java.")) continue;
            Set<String> exported = module.getDescriptor().exports().stream()
                    .filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                    .collect(Collectors.toSet());
            try (Stream<Path> files = Files.walk(jrt.getPath("/modules", moduleName))) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    String path = file.toString();
                    if (!path.endsWith(".class") || path.endsWith("module-info.class")) continue;
                    String binary = path.substring(("/modules/" + moduleName + "/").length(),
                            path.length() - ".class".length()).replace('/', '.');
                    if (!exported.contains(binary.substring(0, binary.lastIndexOf('.')))) continue;
                    Class<?> c = Class.forName(binary, false, ClassLoader.getSystemClassLoader());
                    if (!isVisible(c) || c.getCanonicalName() == null) continue;
                    StringBuilder line = new StringBuilder(c.getCanonicalName());
                    Class<?> superclass = c.getSuperclass();
                    line.append(' ').append(superclass == null ? "-" : superclass.getCanonicalName());
                    for (Class<?> i : c.getInterfaces()) line.append(' ').append(i.getCanonicalName());
                    lines.put(c.getCanonicalName(), line.toString());
                }
            }
        }
        lines.values().forEach(System.out::println);
    }

    /** Public, and so are the classes it is nested in. */
    static boolean isVisible(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
            if (!Modifier.isPublic(k.getModifiers())) return false;
        }
        return true;
    }
}
